import { ImagePlus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { shrinkToJpeg, type ShrunkImage } from '#web/lib/images.js';

/** A screenshot ready to send: shrunk on the device (2000 px at most, JPEG) so that it travels on a weak signal. */
export type PickedScreenshot = ShrunkImage;

const MAX_SIDE = 2000;
const shrink = (file: File) => shrinkToJpeg(file, MAX_SIDE, 0.9);

/** One optional screenshot, previewed and removable before sending. */
export function ScreenshotPicker({
  value,
  onChange,
  error,
}: {
  value: PickedScreenshot | null;
  onChange: (value: PickedScreenshot | null) => void;
  error?: string;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    try {
      onChange(await shrink(file));
    } catch {
      setProblem(`«\u00a0${file.name}\u00a0» n’est pas une image lisible (JPEG, PNG ou WebP).`);
    }
  };
  const shown = error ?? problem;
  return (
    <div className="space-y-2">
      <p className="text-sm font-semibold" id={`${id}-label`}>
        Capture d’écran <span className="font-normal text-ink-muted">(facultatif)</span>
      </p>
      {value ? (
        <div className="relative inline-block">
          <img
            src={value.preview}
            alt="Capture d’écran jointe"
            className="max-h-48 max-w-full rounded-lg border border-line object-contain"
          />
          <button
            type="button"
            onClick={() => onChange(null)}
            className="absolute -right-2 -top-2 flex h-9 w-9 items-center justify-center rounded-full border border-line bg-surface-raised shadow"
            aria-label="Retirer la capture d’écran"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      ) : (
        <label
          htmlFor={id}
          className="flex min-h-20 cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed border-line px-4 text-ink-muted hover:bg-surface-sunken focus-within:outline focus-within:outline-2 focus-within:outline-focus"
        >
          <ImagePlus className="h-6 w-6 shrink-0" aria-hidden="true" />
          <span>Ajouter une capture (JPEG, PNG ou WebP, 5 Mo au plus)</span>
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-describedby={`${id}-label`}
            className="sr-only"
            onChange={(event) => {
              void pick(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
      )}
      {shown && (
        <p role="alert" className="text-sm font-medium text-danger">
          {shown}
        </p>
      )}
    </div>
  );
}
