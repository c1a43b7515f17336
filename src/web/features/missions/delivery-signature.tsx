import { Eraser } from 'lucide-react';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';

export interface SignatureHandle {
  isEmpty(): boolean;
  /** The drawing as a PNG (transparent background, dark ink), or null when nothing is drawn. */
  toBlob(): Promise<Blob | null>;
}

/**
 * The recipient signs with a finger (or the mouse) in a white frame, like paper in both themes. The drawing
 * survives a rotation or resize of the phone (redrawn from its strokes at the new size).
 */
export const SignatureField = forwardRef<
  SignatureHandle,
  { label: string; error?: string; onChange: (empty: boolean) => void }
>(function SignatureField({ label, error, onChange }, ref) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const element = canvas.current!;
    const signature = new SignaturePad(element, {
      penColor: '#111827',
      minWidth: 1,
      maxWidth: 3,
      backgroundColor: 'rgba(0,0,0,0)',
    });
    pad.current = signature;
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = signature.toData();
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext('2d')!.scale(ratio, ratio);
      signature.clear();
      if (strokes.length) signature.fromData(strokes);
    };
    fit();
    const ended = () => {
      setEmpty(signature.isEmpty());
      changed.current(signature.isEmpty());
    };
    signature.addEventListener('endStroke', ended);
    const observer = new ResizeObserver(() => fit());
    observer.observe(element);
    return () => {
      observer.disconnect();
      signature.removeEventListener('endStroke', ended);
      signature.off();
      pad.current = null;
    };
  }, []);

  useImperativeHandle(ref, () => ({
    isEmpty: () => pad.current?.isEmpty() ?? true,
    // The canvas itself (what toDataURL would encode), without a data: URL the page's CSP would refuse to fetch.
    toBlob: () =>
      new Promise<Blob | null>((resolve) => {
        if (!pad.current || pad.current.isEmpty() || !canvas.current) return resolve(null);
        canvas.current.toBlob(resolve, 'image/png');
      }),
  }));

  const clear = () => {
    pad.current?.clear();
    setEmpty(true);
    onChange(true);
  };

  return (
    <div className="space-y-1.5">
      <div className="flex items-end justify-between gap-2">
        <p className="text-sm font-semibold" id="signature-label">
          {label}
        </p>
        <button
          type="button"
          onClick={clear}
          disabled={empty}
          className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-accent disabled:text-ink-muted disabled:opacity-60"
        >
          <Eraser className="h-4 w-4" aria-hidden="true" />
          Effacer
        </button>
      </div>
      <div className={`relative rounded-xl border-2 bg-white ${error ? 'border-danger' : 'border-line'}`}>
        <canvas
          ref={canvas}
          role="img"
          aria-labelledby="signature-label"
          aria-describedby={error ? 'signature-error' : 'signature-hint'}
          data-testid="signature-pad"
          className="block h-44 w-full touch-none rounded-xl"
        />
        {empty && (
          <span className="pointer-events-none absolute inset-x-0 bottom-3 text-center text-sm text-gray-500">
            Signez ici avec le doigt
          </span>
        )}
        <span className="pointer-events-none absolute bottom-10 left-4 right-4 border-b border-dashed border-gray-300" />
      </div>
      {error ? (
        <p id="signature-error" className="text-sm font-medium text-danger" role="alert">
          {error}
        </p>
      ) : (
        <p id="signature-hint" className="text-sm text-ink-muted">
          Tendez le téléphone au destinataire : il signe dans le cadre blanc.
        </p>
      )}
    </div>
  );
});
