/** A picked photo scaled down on the device (JPEG), so that it travels on a weak signal. */

/** The image drawn on a canvas whose longest side is at most `maxSide` (never enlarged). */
export async function drawShrunk(file: Blob, maxSide: number): Promise<HTMLCanvasElement> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas;
}

export interface ShrunkImage {
  /** A data URL to show before sending. */
  preview: string;
  /** The JPEG, as a form sends it. */
  blob: Blob;
}

export async function shrinkToJpeg(file: Blob, maxSide: number, quality: number): Promise<ShrunkImage> {
  const canvas = await drawShrunk(file, maxSide);
  const preview = canvas.toDataURL('image/jpeg', quality);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((made) => (made ? resolve(made) : reject(new Error('toBlob'))), 'image/jpeg', quality),
  );
  return { preview, blob };
}

/** Whether the image is already no larger than `maxSide` on its longest side. */
export async function fitsWithin(file: Blob, maxSide: number): Promise<boolean> {
  const bitmap = await createImageBitmap(file);
  const fits = Math.max(bitmap.width, bitmap.height) <= maxSide;
  bitmap.close();
  return fits;
}
