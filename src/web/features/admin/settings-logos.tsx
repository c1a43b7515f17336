import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef } from 'react';
import { LOGO_MAX_BYTES, LOGO_SETTING, LOGO_THEMES, type LogoTheme } from '#core/schemas/site-settings.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { Button, buttonClasses } from '#web/ui/button.js';
import { cn } from '#web/ui/cn.js';
import { Logo } from '#web/ui/logo.js';
import { useToast } from '#web/ui/toast.js';
import { useLogoRemoval, useLogoUpload } from './settings-api.js';

const THEME_LABELS: Record<LogoTheme, { title: string; hint: string }> = {
  light: { title: 'Logo du thème clair', hint: 'Sur fond clair : en-têtes, pied de page, e-mails.' },
  dark: {
    title: 'Logo du thème sombre',
    hint: 'Sur fond sombre, quand le visiteur a choisi le thème sombre.',
  },
};

function LogoCard({ theme, url }: { theme: LogoTheme; url: string | null }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useLogoUpload();
  const removal = useLogoRemoval();
  const toast = useToast();
  const busy = upload.isPending || removal.isPending;
  const { title, hint } = THEME_LABELS[theme];

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      toast({
        title: 'Logo trop lourd',
        description: 'Le logo ne doit pas dépasser 2 Mo.',
        variant: 'destructive',
      });
      return;
    }
    upload.mutate(
      { theme, file },
      {
        onSuccess: () =>
          toast({ title: 'Logo enregistré', description: 'Il s’affiche déjà sur tout le site.' }),
        onError: (error) =>
          toast({
            title: 'Logo refusé',
            description: errorMessage(error, 'Le logo n’a pas pu être enregistré.'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="flex flex-col rounded-2xl border border-line bg-surface-raised p-4"
    >
      <h3 id={`${inputId}-title`} className="font-bold">
        {title}
      </h3>
      <p className="text-sm text-ink-muted">{hint}</p>
      <div
        className={cn(
          'mt-3 flex h-24 items-center justify-center rounded-xl border border-line px-4',
          theme === 'dark' ? 'bg-asphalt-900 text-white' : 'bg-white text-asphalt-900',
        )}
        data-testid={`logo-preview-${theme}`}
      >
        <Logo src={url} className={url ? 'max-w-full' : undefined} />
      </div>
      <p className="mt-2 text-sm text-ink-muted">
        {url ? 'Logo personnalisé.' : 'Logo intégré de Relais (aucun logo envoyé).'}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="sr-only"
          disabled={busy}
          onChange={(event) => onFile(event.target.files?.[0])}
        />
        <label
          htmlFor={inputId}
          className={cn(
            buttonClasses('secondary', 'md'),
            'cursor-pointer',
            busy && 'pointer-events-none opacity-60',
          )}
        >
          <ImageUp className="h-4 w-4" aria-hidden="true" />
          {upload.isPending ? 'Envoi…' : url ? 'Remplacer' : 'Envoyer un logo'}
          <span className="sr-only"> ({title.toLowerCase()})</span>
        </label>
        {url && (
          <Button
            variant="ghost"
            disabled={busy}
            aria-label={`Retirer le ${title.toLowerCase()}`}
            onClick={() =>
              removal.mutate(theme, {
                onSuccess: () =>
                  toast({ title: 'Logo retiré', description: 'Le logo intégré est de retour.' }),
                onError: (error) =>
                  toast({
                    title: 'Logo non retiré',
                    description: errorMessage(error, 'Réessayez dans un instant.'),
                    variant: 'destructive',
                  }),
              })
            }
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Retirer
          </Button>
        )}
      </div>
    </section>
  );
}

/** The two logos (light and dark themes): PNG, JPEG or WebP, 2 MB at most; SVG is refused by the server. */
export function SettingsLogos({ settings }: { settings: Record<string, string | null> }) {
  return (
    <section aria-labelledby="logos" className="space-y-3">
      <div>
        <h2 id="logos" className="text-lg font-bold">
          Logos
        </h2>
        <p className="text-sm text-ink-muted">
          PNG, JPEG ou WebP, 2 Mo au plus (fond transparent conseillé ; le SVG n’est pas accepté). L’image est
          réduite à 256 pixels de haut et débarrassée de ses métadonnées.
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {LOGO_THEMES.map((theme) => (
          <LogoCard key={theme} theme={theme} url={settings[LOGO_SETTING[theme]] ?? null} />
        ))}
      </div>
    </section>
  );
}
