import { ArrowLeft, Check, CheckCheck } from 'lucide-react';
import type { RefObject } from 'react';
import { Link } from 'wouter';
import type { ChatMessage, Conversation } from '#core/schemas/messaging.js';
import { formatShortDateTime } from '#core/rules/french-dates.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { Avatar } from '#web/ui/avatar.js';
import { Button } from '#web/ui/button.js';
import { cn } from '#web/ui/cn.js';
import { Spinner } from '#web/ui/spinner.js';
import { linkify } from './linkify.js';

/** The thread's header: back to the list on a phone, the other person (their profile) and the mission. */
export function ThreadHeader({
  otherId,
  name,
  avatar,
  linked,
  mission,
}: {
  otherId: string;
  name: string;
  avatar: string | null;
  /** False for a closed account: no profile to open. */
  linked: boolean;
  mission: Conversation['mission'] | undefined;
}) {
  return (
    <header className="flex items-center gap-3 border-b border-line p-4">
      <Link href="/messages" className="md:hidden" aria-label="Retour aux conversations">
        <ArrowLeft className="h-5 w-5" aria-hidden="true" />
      </Link>
      <Avatar src={avatar} />
      <div className="min-w-0">
        <h2 className="truncate font-bold">
          {!linked ? (
            name
          ) : (
            <Link href={`/profile/${otherId}`} className="hover:underline">
              {name}
            </Link>
          )}
        </h2>
        {mission && (
          <Link href={`/mission/${mission.id}`} className="block truncate text-sm text-accent underline">
            {mission.title}
          </Link>
        )}
      </div>
    </header>
  );
}

/** What the list of messages needs of the thread's query (pages asked on demand, a failure, a retry). */
export interface ThreadPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * The messages, oldest first, « Messages précédents » above them; each with its time and, for one's own, whether
 * it was read.
 */
export function MessageList({
  thread,
  items,
  userId,
  onLoadOlder,
  list,
  bottom,
}: {
  thread: ThreadPages;
  items: ChatMessage[];
  userId: string | undefined;
  onLoadOlder: () => void;
  list: RefObject<HTMLOListElement | null>;
  bottom: RefObject<HTMLDivElement | null>;
}) {
  return (
    <ol ref={list} className="flex-1 space-y-2 overflow-y-auto p-4" aria-live="polite">
      {thread.hasNextPage && (
        <li className="flex justify-center">
          <Button
            type="button"
            variant="secondary"
            size="sm"
            disabled={thread.isFetchingNextPage}
            onClick={onLoadOlder}
          >
            Messages précédents
          </Button>
        </li>
      )}
      {thread.isFetchNextPageError && (
        <li className="text-center text-sm text-danger" role="alert">
          Messages précédents non chargés : réessayez.
        </li>
      )}
      {thread.isPending ? (
        <Spinner />
      ) : thread.isError && items.length === 0 ? (
        <li role="alert" className="flex flex-col items-center gap-2 text-center text-danger">
          {errorMessage(thread.error, 'Conversation non chargée.')}
          <Button type="button" variant="secondary" size="sm" onClick={() => void thread.refetch()}>
            Réessayer
          </Button>
        </li>
      ) : items.length === 0 ? (
        <li className="text-center text-ink-muted">Écrivez le premier message.</li>
      ) : (
        items.map((message) => {
          const mine = message.senderId === userId;
          return (
            <li key={message.id} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
              <div
                className={cn(
                  'max-w-[80%] whitespace-pre-wrap break-words rounded-2xl px-4 py-2',
                  mine ? 'bg-brand-500/15' : 'bg-surface-sunken',
                )}
              >
                <p>{linkify(message.content)}</p>
                <p className="mt-1 flex items-center justify-end gap-1 text-xs text-ink-muted">
                  {formatShortDateTime(message.createdAt)}
                  {mine &&
                    (message.read ? (
                      <CheckCheck className="h-4 w-4 text-accent" aria-label="Lu" />
                    ) : (
                      <Check className="h-4 w-4" aria-label="Envoyé" />
                    ))}
                </p>
              </div>
            </li>
          );
        })
      )}
      <div ref={bottom} />
    </ol>
  );
}
