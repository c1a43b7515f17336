/**
 * Runs inline in <head> before the first paint: applies the stored theme (no dark flash for a light-theme
 * user) and marks a cookie choice already made (the prerendered banner is then hidden by CSS).
 * The server allows exactly this script through its Content-Security-Policy hash.
 */
export const THEME_INIT_SCRIPT =
  "(function(){var c=document.documentElement.classList,t='dark',k=null;" +
  "try{var s=window.localStorage;if(s.getItem('theme')==='light')t='light';k=s.getItem('cookie-consent')}catch(e){}" +
  "c.remove('dark','light');c.add(t);if(k==='accepted'||k==='rejected')c.add('consent-set')})();";
