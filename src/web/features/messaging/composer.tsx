import { Send } from 'lucide-react';
import { useRef } from 'react';
import { MESSAGE_MAX } from '#core/schemas/messaging.js';
import { sendRealtime } from '#web/lib/realtime.js';
import { Button } from '#web/ui/button.js';

/**
 * Tells the other person « … écrit » while a draft is typed (at most every 3 s), and that it stopped when the box
 * is emptied; `sent` starts again after a message leaves.
 */
export function useTypingSignal(otherId: string, missionId: string | null) {
  const typingSent = useRef(0);
  return {
    typed(value: string) {
      const now = Date.now();
      if (value && now - typingSent.current > 3000) {
        typingSent.current = now;
        sendRealtime({ type: 'typing', to: otherId, missionId });
      }
      if (!value && typingSent.current) {
        typingSent.current = 0;
        sendRealtime({ type: 'stop-typing', to: otherId, missionId });
      }
    },
    sent() {
      typingSent.current = 0;
    },
  };
}

/** The message box: Entrée sends, Maj+Entrée goes to the next line; « Envoyer » is off while empty or sending. */
export function Composer({
  draft,
  onDraft,
  onSend,
  sending,
}: {
  draft: string;
  onDraft: (value: string) => void;
  onSend: (content: string) => void;
  sending: boolean;
}) {
  return (
    <form
      className="flex items-end gap-2 border-t border-line p-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (draft.trim()) onSend(draft.trim());
      }}
    >
      <label htmlFor="message-draft" className="sr-only">
        Votre message
      </label>
      <textarea
        id="message-draft"
        rows={2}
        maxLength={MESSAGE_MAX}
        value={draft}
        placeholder="Votre message…"
        onChange={(event) => onDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            if (draft.trim()) onSend(draft.trim());
          }
        }}
        className="block min-h-11 flex-1 resize-none rounded-lg border border-line bg-surface px-3 py-2"
      />
      <Button type="submit" disabled={sending || !draft.trim()} aria-label="Envoyer">
        <Send className="h-4 w-4" aria-hidden="true" />
      </Button>
    </form>
  );
}
