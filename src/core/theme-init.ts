/**
 * Applied inline in <head> before the first paint, so a light-theme user never sees a dark flash.
 * The server allows exactly this script through its Content-Security-Policy hash.
 */
export const THEME_INIT_SCRIPT =
  "(function(){var t='dark';try{if(window.localStorage.getItem('theme')==='light')t='light'}catch(e){}" +
  "var c=document.documentElement.classList;c.remove('dark','light');c.add(t)})();";
