import { cn } from './cn.js';

/** The Relais mark: an R whose leg is a road handing over to the next driver. */
function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={cn('shrink-0', className)} aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#f76707" />
      <path
        d="M18 48V16h15a10 10 0 0 1 0 20H18m15 0 13 12"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Mark and word; an uploaded logo (site settings) replaces both when present. */
export function Logo({ src, className }: { src?: string | null; className?: string }) {
  if (src) return <img src={src} alt="Relais" className={cn('h-8 w-auto', className)} />;
  return (
    <span className={cn('inline-flex items-center gap-2 text-xl font-extrabold tracking-tight', className)}>
      <LogoMark className="h-8 w-8" />
      <span>Relais</span>
    </span>
  );
}
