import { Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/ui/button.js';
import { Checkbox } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';

/**
 * Recovery codes, shown once: copy, download, and « J’ai noté mes codes » before going on (they cannot be shown
 * again; each serves once when the phone is lost).
 */
export function RecoveryCodes({
  codes,
  email,
  continueLabel,
  onContinue,
}: {
  codes: string[];
  email: string;
  continueLabel: string;
  onContinue: () => void;
}) {
  const toast = useToast();
  const [noted, setNoted] = useState(false);
  const text = [
    `Codes de secours Relais — ${email}`,
    'Chacun sert une fois, à la place du code de l’application.',
    '',
    ...codes,
  ].join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({
        title: 'Codes copiés',
        description: 'Collez-les dans un endroit sûr (gestionnaire de mots de passe).',
      });
    } catch {
      toast({
        title: 'Copie impossible',
        description: 'Sélectionnez les codes et copiez-les à la main.',
        variant: 'destructive',
      });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'relais-codes-de-secours.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section aria-labelledby="codes-de-secours" className="space-y-4">
      <h2 id="codes-de-secours" className="text-lg font-bold">
        Vos codes de secours
      </h2>
      <p className="text-ink-muted">
        Si vous perdez votre téléphone, chacun de ces codes remplace une fois le code de l’application.
        Gardez-les en lieu sûr : ils ne seront plus affichés.
      </p>
      <ul
        aria-label="Codes de secours"
        className="grid grid-cols-2 gap-2 rounded-xl bg-surface-sunken p-4 font-mono text-base sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="select-all text-center tracking-wider">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden="true" />
          Copier
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download className="h-4 w-4" aria-hidden="true" />
          Télécharger
        </Button>
      </div>
      <Checkbox
        label="J’ai noté mes codes"
        checked={noted}
        onChange={(event) => setNoted(event.target.checked)}
      />
      <Button size="lg" className="w-full" disabled={!noted} onClick={onContinue}>
        {continueLabel}
      </Button>
    </section>
  );
}
