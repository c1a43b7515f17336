import type { ReactNode } from 'react';
import { Link } from 'wouter';

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-line bg-surface-raised p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight">{title}</h1>
        <p className="mt-1 text-ink-muted">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </div>
      <p className="mt-6 text-center text-sm text-ink-muted">
        <Link href="/cgu-cgv" className="underline hover:text-ink">
          CGU / CGV
        </Link>
        {' · '}
        <Link href="/mentions-legales" className="underline hover:text-ink">
          Mentions légales
        </Link>
        {' · '}
        <Link href="/privacy" className="underline hover:text-ink">
          Confidentialité
        </Link>
      </p>
    </div>
  );
}
