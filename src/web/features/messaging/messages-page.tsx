import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Check, CheckCheck, MessageSquare, Send } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Link, useSearchParams } from 'wouter';
import { messageLimitMessage } from '#core/rules/plans.js';
import {
  MESSAGE_MAX,
  conversationPath,
  type ChatMessage,
  type Conversation,
  type MessagePage,
  type WriteRights,
} from '#core/schemas/messaging.js';
import type { PublicProfile } from '#core/schemas/profile.js';
import { EMAIL_NOT_VERIFIED } from '#core/schemas/users.js';
import { useSession } from '#web/lib/session.js';
import { EmailRequiredNotice } from '#web/lib/verification-banner.js';
import { ApiError, apiRequest, toQueryString } from '#web/lib/api.js';
import { formatShortDateTime } from '#web/lib/dates.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { Button } from '#web/ui/button.js';
import { cn } from '#web/ui/cn.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { Avatar } from '#web/ui/avatar.js';
import { useToast } from '#web/ui/toast.js';
import { fetchQueryKey } from '#web/lib/query-client.js';
import { sendRealtime, useIsTyping } from '#web/lib/realtime.js';
import { linkify } from './linkify.js';
import { NotificationOffer } from './notification-settings.js';

const CONVERSATIONS = ['/api/conversations'] as const;

function ConversationList({
  conversations,
  selected,
}: {
  conversations: Conversation[];
  selected: string | null;
}) {
  if (conversations.length === 0)
    return (
      <EmptyState icon={MessageSquare} title="Aucune conversation">
        <p>Écrivez depuis une mission ou la fiche d’un candidat : la conversation apparaîtra ici.</p>
      </EmptyState>
    );
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface-raised">
      {conversations.map((conversation) => {
        const href = conversationPath(conversation.otherUser.id, conversation.mission?.id ?? null);
        const active = selected === conversation.id;
        return (
          <li key={conversation.id}>
            <Link
              href={href}
              aria-current={active ? 'true' : undefined}
              className={cn(
                'flex items-start gap-3 p-4 hover:bg-surface-sunken',
                active && 'bg-surface-sunken',
              )}
            >
              <Avatar src={conversation.otherUser.avatar} />
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate font-bold">
                    {conversation.otherUser.companyName ?? conversation.otherUser.fullName}
                  </span>
                  {conversation.lastMessageAt && (
                    <span className="shrink-0 text-xs text-ink-muted">
                      {formatShortDateTime(conversation.lastMessageAt)}
                    </span>
                  )}
                </span>
                {conversation.mission && (
                  <span className="block truncate text-xs text-accent">{conversation.mission.title}</span>
                )}
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm text-ink-muted">
                    {conversation.lastMessage?.content ?? ''}
                  </span>
                  {conversation.unreadCount > 0 && (
                    <span className="shrink-0 rounded-full bg-accent px-2 text-xs font-bold text-accent-ink">
                      <span className="sr-only">Non lus : </span>
                      {conversation.unreadCount > 99 ? '99+' : conversation.unreadCount}
                    </span>
                  )}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The thread reaches down to the bottom of the screen, whatever sits above it (banners, a wrapped title), so
 * that the message box stays in view on a phone without scrolling the page.
 */
function useHeightToViewportBottom(ref: RefObject<HTMLElement | null>): number | undefined {
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      const gap = window.innerWidth < 768 ? 12 : 24;
      // The cookie banner, while shown, takes the bottom of the screen (styles.css).
      const banner = parseFloat(
        getComputedStyle(document.documentElement).getPropertyValue('--consent-space'),
      );
      setHeight(Math.max(320, Math.round(window.innerHeight - top - gap - (banner || 0))));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer.disconnect();
    };
  }, [ref]);
  return height;
}

function Thread({ otherId, missionId }: { otherId: string; missionId: string | null }) {
  const { user } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [limitReached, setLimitReached] = useState(false);
  const [sentHere, setSentHere] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const scope = { missionId: missionId ?? 'none' };
  const key = ['/api/messages', otherId, scope] as const;
  // The newest page, then older ones on demand ("Messages précédents"), each page asked before the oldest
  // message of the one after it: a refetch (new message, reconnection) keeps them contiguous. New messages
  // come by the live connection; the poll brings the read marks (no event carries them) and covers a
  // connection that is down.
  const thread = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) =>
      fetchQueryKey<MessagePage>(['/api/messages', otherId, { ...scope, before: pageParam }]),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.hasMore ? page.items[0]?.createdAt : undefined),
    refetchInterval: 10_000,
  });
  const items = thread.data ? [...thread.data.pages].reverse().flatMap((page) => page.items) : [];
  // Whether a message can leave now, and why not: said before the click. Read again when the other person
  // writes (every key under ['/api/messages', otherId] is) or a send is refused.
  const rights = useQuery<WriteRights>({ queryKey: ['/api/messages', otherId, 'rights', scope] });
  const blocked = rights.data && !rights.data.canWrite ? rights.data : null;
  const other = useQuery<PublicProfile>({ queryKey: ['/api/users', otherId, 'profile'] });
  const conversations = useQuery<Conversation[]>({ queryKey: CONVERSATIONS });
  const conversation = conversations.data?.find(
    (c) => c.otherUser.id === otherId && (c.mission?.id ?? null) === missionId,
  );
  const unread = conversation?.unreadCount ?? 0;
  const otherTyping = useIsTyping(otherId);
  const typingSent = useRef(0);
  const typed = (value: string) => {
    setDraft(value);
    const now = Date.now();
    if (value && now - typingSent.current > 3000) {
      typingSent.current = now;
      sendRealtime({ type: 'typing', to: otherId, missionId });
    }
    if (!value && typingSent.current) {
      typingSent.current = 0;
      sendRealtime({ type: 'stop-typing', to: otherId, missionId });
    }
  };
  const section = useRef<HTMLElement>(null);
  const height = useHeightToViewportBottom(section);

  const list = useRef<HTMLOListElement>(null);
  const restoreFromBottom = useRef<number | null>(null);
  const loadOlder = () => {
    // The list grows above what is being read: the view stays where it was.
    if (list.current) restoreFromBottom.current = list.current.scrollHeight - list.current.scrollTop;
    void thread.fetchNextPage();
  };
  const newest = items.at(-1)?.id;

  useLayoutEffect(() => {
    if (restoreFromBottom.current !== null && list.current) {
      list.current.scrollTop = list.current.scrollHeight - restoreFromBottom.current;
      restoreFromBottom.current = null;
    }
  }, [items.length]);
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [newest]);
  useEffect(() => {
    if (unread === 0) return;
    const read = toQueryString({ missionId: missionId ?? 'none' });
    void apiRequest('POST', `/api/messages/${otherId}/read${read}`).then(() =>
      queryClient.invalidateQueries({ queryKey: CONVERSATIONS }),
    );
  }, [unread, otherId, missionId, queryClient]);

  const send = useMutation({
    mutationFn: (content: string) =>
      apiRequest<ChatMessage>('POST', `/api/messages/${otherId}`, { content, missionId }),
    onSuccess: async () => {
      setDraft('');
      setSentHere(true);
      typingSent.current = 0;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: CONVERSATIONS }),
      ]);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 402) setLimitReached(true);
      // Refused (the link ended, the address is not confirmed): the thread says why instead of the box.
      if (error instanceof ApiError && error.status === 403)
        void queryClient.invalidateQueries({ queryKey: ['/api/messages', otherId, 'rights'] });
      toast({
        title: 'Message non envoyé',
        description: errorMessage(
          error,
          'Pas de connexion : votre message est gardé, renvoyez-le quand le réseau revient.',
        ),
        variant: 'destructive',
      });
    },
  });

  // A closed account has no profile any more: the conversation list still knows the name to show.
  const known = other.data ?? conversation?.otherUser;
  const name = known ? (known.companyName ?? known.fullName) : '…';
  return (
    <section
      ref={section}
      aria-label={`Conversation avec ${name}`}
      style={{ height }}
      className="flex min-h-80 flex-col rounded-2xl border border-line bg-surface-raised"
    >
      <header className="flex items-center gap-3 border-b border-line p-4">
        <Link href="/messages" className="md:hidden" aria-label="Retour aux conversations">
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </Link>
        <Avatar src={known?.avatar ?? null} />
        <div className="min-w-0">
          <h2 className="truncate font-bold">
            {other.isError ? (
              name
            ) : (
              <Link href={`/profile/${otherId}`} className="hover:underline">
                {name}
              </Link>
            )}
          </h2>
          {conversation?.mission && (
            <Link
              href={`/mission/${conversation.mission.id}`}
              className="block truncate text-sm text-accent underline"
            >
              {conversation.mission.title}
            </Link>
          )}
        </div>
      </header>
      <ol ref={list} className="flex-1 space-y-2 overflow-y-auto p-4" aria-live="polite">
        {thread.hasNextPage && (
          <li className="flex justify-center">
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={thread.isFetchingNextPage}
              onClick={loadOlder}
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
            const mine = message.senderId === user?.id;
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
      <p className="h-5 px-4 text-sm text-ink-muted" aria-live="polite">
        {otherTyping ? `${name} écrit…` : ''}
      </p>
      {sentHere && <NotificationOffer name={name} />}
      {send.isPaused && (
        <p className="border-t border-line px-4 py-2 text-sm" role="status">
          Hors connexion : votre message partira dès le retour du réseau.
        </p>
      )}
      {limitReached && (
        <p className="border-t border-line px-4 py-2 text-sm" role="status">
          {messageLimitMessage(user?.role ?? 'driver')}{' '}
          <Link href="/pricing" className="font-semibold text-accent underline">
            Voir les formules
          </Link>
        </p>
      )}
      {blocked ? (
        <div className="border-t border-line p-3">
          {blocked.code === EMAIL_NOT_VERIFIED ? (
            <EmailRequiredNotice message={blocked.reason ?? ''} />
          ) : (
            <p role="status" className="text-sm text-ink-muted">
              {blocked.reason}
            </p>
          )}
        </div>
      ) : (
        <form
          className="flex items-end gap-2 border-t border-line p-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.trim()) send.mutate(draft.trim());
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
            onChange={(event) => typed(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                if (draft.trim()) send.mutate(draft.trim());
              }
            }}
            className="block min-h-11 flex-1 resize-none rounded-lg border border-line bg-surface px-3 py-2"
          />
          <Button type="submit" disabled={send.isPending || !draft.trim()} aria-label="Envoyer">
            <Send className="h-4 w-4" aria-hidden="true" />
          </Button>
        </form>
      )}
    </section>
  );
}

/** /messages: the conversation list and the thread; on a phone they are two screens. */
export function MessagesPage() {
  const [params] = useSearchParams();
  const otherId = params.get('avec');
  const mission = params.get('mission');
  const missionId = mission && mission !== 'none' ? mission : null;
  const conversations = useQuery<Conversation[]>({ queryKey: CONVERSATIONS, refetchInterval: 30_000 });
  const selected =
    conversations.data?.find((c) => c.otherUser.id === otherId && (c.mission?.id ?? null) === missionId)
      ?.id ?? null;
  return (
    <>
      {/* On a phone the open thread has its own header (name, back arrow): the page title stays for readers. */}
      <div className={cn(otherId && 'max-md:sr-only')}>
        <PageHeader title="Messages" description="Vos échanges avec les transporteurs et les chauffeurs." />
      </div>
      <div className="grid gap-5 md:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
        <div className={cn('min-w-0', otherId && 'hidden md:block')}>
          {conversations.isPending ? (
            <Spinner />
          ) : (
            <ConversationList conversations={conversations.data ?? []} selected={selected} />
          )}
        </div>
        <div className={cn('min-w-0', !otherId && 'hidden md:block')}>
          {otherId ? (
            <Thread key={`${otherId}-${missionId}`} otherId={otherId} missionId={missionId} />
          ) : (
            <div className="flex h-full min-h-60 items-center justify-center rounded-2xl border border-dashed border-line p-6 text-center text-ink-muted">
              Choisissez une conversation.
            </div>
          )}
        </div>
      </div>
    </>
  );
}
