/** The loading state of docs/specification.md §2: a spinner with 'Chargement...'. */
export function Spinner({ label = 'Chargement...' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-ink-muted"
    >
      <span
        className="h-9 w-9 animate-spin rounded-full border-4 border-line border-t-accent"
        aria-hidden="true"
      />
      <span>{label}</span>
    </div>
  );
}
