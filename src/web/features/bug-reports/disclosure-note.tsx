import { ShieldAlert } from 'lucide-react';

/** The responsible-disclosure note of a security report (form, and my reports). */
export function DisclosureNote({ text }: { text: string }) {
  return (
    <div className="flex gap-3 rounded-lg border border-accent/50 bg-accent/10 p-3 text-sm">
      <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
      <p>
        <strong>Divulgation responsable. </strong>
        {text}
      </p>
    </div>
  );
}
