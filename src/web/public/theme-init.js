// Applied before the first paint so that a light-theme user never sees a dark flash (CSP forbids inline scripts).
(function () {
  var theme = 'dark';
  try {
    if (window.localStorage.getItem('theme') === 'light') theme = 'light';
  } catch {
    // Storage refused: keep the default theme.
  }
  window.document.documentElement.classList.add(theme);
  if (theme === 'light') window.document.documentElement.classList.remove('dark');
})();
