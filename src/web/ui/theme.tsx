import { Moon, Sun } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useHydrated } from '#web/lib/hydrated.js';
import { STORAGE_KEYS, readStorage, writeStorage } from '#web/lib/storage.js';
import { cn } from './cn.js';

export type Theme = 'light' | 'dark';

/** docs/specification.md §4: light or dark, dark by default, a class on the root, remembered in `theme`. */
function storedTheme(): Theme {
  return readStorage(STORAGE_KEYS.theme) === 'light' ? 'light' : 'dark';
}

function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', theme === 'dark' ? '#0e1116' : '#f5f7fa');
}

const ThemeContext = createContext<{ theme: Theme; toggle: () => void }>({
  theme: 'dark',
  toggle: () => undefined,
});

export function ThemeProvider({ children }: { children: ReactNode }) {
  // Starts as the server rendered it (dark), then takes the stored choice: hydration stays exact, and the
  // inline head script has already painted the right colours.
  const [theme, setTheme] = useState<Theme>('dark');
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setTheme(storedTheme());
    setReady(true);
  }, []);
  useEffect(() => {
    if (ready) applyTheme(theme);
  }, [theme, ready]);
  const toggle = useCallback(() => {
    setTheme((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      writeStorage(STORAGE_KEYS.theme, next);
      return next;
    });
  }, []);
  return <ThemeContext.Provider value={{ theme, toggle }}>{children}</ThemeContext.Provider>;
}

export function useTheme() {
  return useContext(ThemeContext);
}

export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggle } = useTheme();
  const hydrated = useHydrated();
  const label = theme === 'dark' ? 'Passer au thème clair' : 'Passer au thème sombre';
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={!hydrated}
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex h-10 w-10 items-center justify-center rounded-lg text-ink hover:bg-surface-sunken',
        className,
      )}
    >
      {theme === 'dark' ? (
        <Sun className="h-5 w-5" aria-hidden="true" />
      ) : (
        <Moon className="h-5 w-5" aria-hidden="true" />
      )}
    </button>
  );
}
