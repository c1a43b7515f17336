import { useEffect, useState } from 'react';
import { parisDate } from '#core/rules/days.js';
import { formatDateTime, formatTime } from '#core/rules/french-dates.js';

/** Now, again every 15 s: "vu il y a 2 min" stays true between updates. */
export function useNow(every = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), every);
    return () => window.clearInterval(timer);
  }, [every]);
  return now;
}

/** "14:35" in Paris, with the day when it is not today. */
export function formatEta(iso: string, now: number): string {
  if (parisDate(iso) !== parisDate(new Date(now))) return formatDateTime(iso);
  return formatTime(iso);
}
