import { ImagePlus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { REVIEW_PHOTOS_MAX } from '#core/schemas/reviews.js';
import { shrinkToJpeg, type ShrunkImage } from '#web/lib/images.js';

/** A photo ready to send: shrunk on the phone (1600 px, JPEG) so that it travels on a weak signal. */
export type PickedPhoto = ShrunkImage;

const MAX_SIDE = 1600;
const shrink = (file: File) => shrinkToJpeg(file, MAX_SIDE, 0.85);

/** Up to three photos (a damaged load, a dirty cab…), each removable before sending. */
export function PhotoPicker({
  photos,
  onChange,
  error,
}: {
  photos: PickedPhoto[];
  onChange: (photos: PickedPhoto[]) => void;
  error?: string;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const left = REVIEW_PHOTOS_MAX - photos.length;
  const add = async (files: FileList | null) => {
    setProblem(null);
    const chosen = [...(files ?? [])].slice(0, left);
    const added: PickedPhoto[] = [];
    for (const file of chosen) {
      try {
        added.push(await shrink(file));
      } catch {
        setProblem(`« ${file.name} » n’est pas une image lisible (JPEG, PNG ou WebP).`);
      }
    }
    onChange([...photos, ...added]);
  };
  const shown = error ?? problem;
  return (
    <div className="space-y-2">
      <p className="font-semibold" id={`${id}-label`}>
        Photos <span className="font-normal text-ink-muted">(facultatif, {REVIEW_PHOTOS_MAX} au plus)</span>
      </p>
      <ul className="flex flex-wrap gap-3" aria-labelledby={`${id}-label`}>
        {photos.map((photo, index) => (
          <li key={photo.preview.slice(-32) + index} className="relative">
            <img
              src={photo.preview}
              alt={`Photo ${index + 1}`}
              className="h-24 w-24 rounded-lg object-cover"
            />
            <button
              type="button"
              onClick={() => onChange(photos.filter((_, i) => i !== index))}
              className="absolute -right-2 -top-2 flex h-9 w-9 items-center justify-center rounded-full border border-line bg-surface-raised shadow"
              aria-label={`Retirer la photo ${index + 1}`}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </button>
          </li>
        ))}
        {left > 0 && (
          <li>
            <label
              htmlFor={id}
              className="flex h-24 w-24 cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-line text-sm text-ink-muted hover:bg-surface-sunken focus-within:outline focus-within:outline-2 focus-within:outline-focus"
            >
              <ImagePlus className="h-6 w-6" aria-hidden="true" />
              Ajouter
              <input
                id={id}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                multiple
                className="sr-only"
                onChange={(event) => {
                  void add(event.target.files);
                  event.target.value = '';
                }}
              />
            </label>
          </li>
        )}
      </ul>
      {shown && (
        <p role="alert" className="text-sm font-medium text-danger">
          {shown}
        </p>
      )}
    </div>
  );
}
