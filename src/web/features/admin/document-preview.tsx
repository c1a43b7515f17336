import { ExternalLink, FileWarning } from 'lucide-react';
import { useCallback, useState } from 'react';

/** A refused frame holds the browser's error page, of another origin: its document is out of reach. */
function frameRefused(frame: HTMLIFrameElement): boolean {
  try {
    return frame.contentDocument === null;
  } catch {
    return true;
  }
}

/**
 * The document's file shown in the page: an image as an image, a PDF in a frame (the browser's reader), and
 * always a link to open it in a new tab (phones often show no PDF inside a page). A frame the browser refused
 * to fill (the file's answer forbids being framed) is left for an honest sentence rather than an error page.
 */
export function DocumentPreview({
  url,
  mimeType,
  fileName,
  title,
}: {
  url: string;
  mimeType: string;
  fileName: string;
  /** What the document is, for the preview's accessible name ("Permis de conduire de Jean Routier"). */
  title: string;
}) {
  const [failed, setFailed] = useState(false);
  const image = mimeType.startsWith('image/');
  const pdf = mimeType === 'application/pdf';
  // Besides its load event, the frame is looked at for a while: a refusal is not always followed by one.
  const watchFrame = useCallback((frame: HTMLIFrameElement | null) => {
    if (!frame) return;
    let checks = 0;
    const timer = window.setInterval(() => {
      checks += 1;
      if (frameRefused(frame)) setFailed(true);
      else if (checks < 20 && frame.contentDocument?.URL === 'about:blank') return;
      window.clearInterval(timer);
    }, 500);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <figure className="space-y-2">
      <div className="overflow-hidden rounded-xl border border-line bg-surface-sunken">
        {failed ? (
          <p className="flex items-center gap-2 p-4 text-sm text-ink-muted" role="status">
            <FileWarning className="h-5 w-5 shrink-0" aria-hidden="true" />
            {pdf
              ? 'Ce PDF ne peut pas être affiché dans la page : ouvrez-le dans un nouvel onglet.'
              : 'Le fichier n’a pas pu être affiché ici : ouvrez-le dans un nouvel onglet.'}
          </p>
        ) : image ? (
          <img
            src={url}
            alt={`Aperçu : ${title}`}
            className="mx-auto block max-h-[70vh] w-auto max-w-full object-contain"
            onError={() => setFailed(true)}
          />
        ) : pdf ? (
          <iframe
            src={url}
            title={`Aperçu : ${title}`}
            className="block h-[60vh] w-full bg-white lg:h-[70vh]"
            onLoad={(event) => {
              if (frameRefused(event.currentTarget)) setFailed(true);
            }}
            ref={watchFrame}
          />
        ) : (
          <p className="p-4 text-sm text-ink-muted">Pas d’aperçu pour ce type de fichier.</p>
        )}
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
        <span className="user-text text-ink-muted">{fileName}</span>
        <a
          href={url}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-accent underline-offset-2 hover:underline"
        >
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
          Ouvrir dans un nouvel onglet
          <span className="sr-only"> : {title}</span>
        </a>
      </figcaption>
    </figure>
  );
}
