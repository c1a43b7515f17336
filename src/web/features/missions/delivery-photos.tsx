import { Camera, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { MAX_PHOTOS } from '#core/schemas/delivery.js';
import { drawShrunk, fitsWithin } from '#web/lib/images.js';

export interface PickedPhoto {
  id: string;
  file: Blob;
  name: string;
  preview: string;
}

/** Longest side kept for a photo: a delivery note stays legible, and the upload stays small on a weak signal. */
const MAX_SIDE = 2000;

/** A phone photo shrunk to 2000 px JPEG before sending; the original when the browser cannot decode it. */
async function shrink(file: File): Promise<Blob> {
  try {
    if (file.size < 1_500_000 && (await fitsWithin(file, MAX_SIDE))) return file;
    const canvas = await drawShrunk(file, MAX_SIDE);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob ?? file;
  } catch {
    return file;
  }
}

let counter = 0;

/**
 * Photos taken with the phone's camera (or chosen): previews, each removable, 5 at most. The parent keeps the
 * list, so a failed send keeps what was taken.
 */
export function PhotoPicker({
  label,
  hint,
  photos,
  onChange,
  error,
}: {
  label: string;
  hint: string;
  photos: PickedPhoto[];
  onChange: (photos: PickedPhoto[]) => void;
  error?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const latest = useRef(photos);
  latest.current = photos;
  // Previews are freed when the picker goes.
  useEffect(() => () => latest.current.forEach((photo) => URL.revokeObjectURL(photo.preview)), []);

  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    const room = MAX_PHOTOS - photos.length;
    const picked: PickedPhoto[] = [];
    for (const file of [...files].slice(0, room)) {
      const blob = await shrink(file);
      picked.push({
        id: `photo-${++counter}`,
        file: blob,
        name: file.name || `photo-${counter}.jpg`,
        preview: URL.createObjectURL(blob),
      });
    }
    setBusy(false);
    onChange([...photos, ...picked]);
    if (input.current) input.current.value = '';
  };

  const remove = (photo: PickedPhoto) => {
    URL.revokeObjectURL(photo.preview);
    onChange(photos.filter((other) => other.id !== photo.id));
  };

  return (
    <div className="space-y-1.5">
      <p className="text-sm font-semibold" id={`${id}-label`}>
        {label}
      </p>
      <p className="text-sm text-ink-muted">{hint}</p>
      {photos.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-labelledby={`${id}-label`}>
          {photos.map((photo, index) => (
            <li key={photo.id} className="relative">
              <img
                src={photo.preview}
                alt={`Photo ${index + 1}`}
                className="aspect-square w-full rounded-lg border border-line object-cover"
              />
              <button
                type="button"
                onClick={() => remove(photo)}
                className="absolute right-1 top-1 grid h-8 w-8 place-items-center rounded-full bg-black/70 text-white"
                aria-label={`Retirer la photo ${index + 1}`}
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {photos.length < MAX_PHOTOS && (
        <label
          htmlFor={id}
          className="flex h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed border-line px-3 font-semibold text-accent hover:bg-surface-sunken"
        >
          <Camera className="h-5 w-5" aria-hidden="true" />
          {busy ? 'Préparation…' : photos.length ? 'Ajouter une photo' : 'Prendre une photo'}
          <input
            ref={input}
            id={id}
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            className="sr-only"
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => void add(event.target.files)}
          />
        </label>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The photos as form parts (field `photos`). */
export function appendPhotos(form: FormData, photos: PickedPhoto[]) {
  for (const photo of photos) form.append('photos', photo.file, photo.name);
}
