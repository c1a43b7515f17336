import './styles.css';

// The entry is tiny on purpose (decision 008). Public pages arrive prerendered (scripts/prerender.ts):
// the browser paints that HTML first, and only then fetches and runs the app, which hydrates it. Every
// other path gets the app shell, whose HTML preloads the app chunk, and starts at once.
const root = document.getElementById('root')!;
const run = () => void import('./start.js').then(({ start }) => start(root));
if (root.hasChildNodes()) requestAnimationFrame(() => setTimeout(run, 0));
else run();
