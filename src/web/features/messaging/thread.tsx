import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'wouter';
import { messageLimitMessage } from '#core/rules/plans.js';
import type { ChatMessage, Conversation, MessagePage, WriteRights } from '#core/schemas/messaging.js';
import type { PublicProfile } from '#core/schemas/profile.js';
import { EMAIL_NOT_VERIFIED } from '#core/schemas/users.js';
import { ApiError, apiRequest, pathFromQueryKey, toQueryString } from '#web/lib/api.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { QueuedActionsList } from '#web/lib/offline/queued-actions.js';
import { SavedCopyNotice } from '#web/lib/offline/saved-copy-notice.js';
import { sendOrQueue } from '#web/lib/offline/outbox.js';
import { fetchQueryKey } from '#web/lib/query-client.js';
import { useIsTyping } from '#web/lib/realtime.js';
import { useSession } from '#web/lib/session.js';
import { EmailRequiredNotice } from '#web/lib/verification-banner.js';
import { useToast } from '#web/ui/toast.js';
import { Composer, useTypingSignal } from './composer.js';
import { NotificationOffer } from './notification-settings.js';
import { MessageList, ThreadHeader } from './thread-parts.js';

export const CONVERSATIONS = ['/api/conversations'] as const;

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

/**
 * The newest page, then older ones on demand (« Messages précédents »), each page asked before the oldest message
 * of the one after it: a refetch (new message, reconnection) keeps them contiguous. New messages come by the live
 * connection; the poll brings the read marks (no event carries them) and covers a connection that is down.
 */
function useThreadPages(otherId: string, scope: { missionId: string }) {
  const key = ['/api/messages', otherId, scope] as const;
  const thread = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) =>
      fetchQueryKey<MessagePage>(['/api/messages', otherId, { ...scope, before: pageParam }]),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.hasMore ? page.items[0]?.createdAt : undefined),
    refetchInterval: 10_000,
  });
  const items = thread.data ? [...thread.data.pages].reverse().flatMap((page) => page.items) : [];
  return { key, thread, items };
}

/** The view follows the newest message, and stays where it was when older ones are loaded above it. */
function useScrollKeeper(items: ChatMessage[], fetchOlder: () => void) {
  const bottom = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const restoreFromBottom = useRef<number | null>(null);
  const loadOlder = () => {
    // The list grows above what is being read: the view stays where it was.
    if (list.current) restoreFromBottom.current = list.current.scrollHeight - list.current.scrollTop;
    fetchOlder();
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
  return { list, bottom, loadOlder };
}

/** Messages shown are read: the server is told, and the list's counters follow. */
function useMarkRead(otherId: string, missionId: string | null, unread: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (unread === 0) return;
    const read = toQueryString({ missionId: missionId ?? 'none' });
    void apiRequest('POST', `/api/messages/${otherId}/read${read}`).then(() =>
      queryClient.invalidateQueries({ queryKey: CONVERSATIONS }),
    );
  }, [unread, otherId, missionId, queryClient]);
}

/**
 * One conversation (with a person, about a mission or not): its messages, read as they are shown, the other
 * person typing, why a message cannot leave (before the click), and the box.
 */
export function Thread({ otherId, missionId }: { otherId: string; missionId: string | null }) {
  const { user } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [limitReached, setLimitReached] = useState(false);
  const [sentHere, setSentHere] = useState(false);
  const scope = { missionId: missionId ?? 'none' };
  const { key, thread, items } = useThreadPages(otherId, scope);
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
  const typing = useTypingSignal(otherId, missionId);
  const section = useRef<HTMLElement>(null);
  const height = useHeightToViewportBottom(section);

  const { list, bottom, loadOlder } = useScrollKeeper(items, () => void thread.fetchNextPage());
  useMarkRead(otherId, missionId, unread);

  const group = `messages:${otherId}:${missionId ?? ''}`;
  // Without network, the message waits on the phone and leaves, once, when it comes back (decision 055).
  const send = useMutation({
    mutationFn: (content: string) =>
      sendOrQueue<ChatMessage>({
        method: 'POST',
        path: `/api/messages/${otherId}`,
        body: { content, missionId },
        label: `Message : « ${content.length > 60 ? `${content.slice(0, 60)}…` : content} »`,
        group,
      }),
    onSuccess: async (outcome) => {
      setDraft('');
      typing.sent();
      if (outcome.status === 'queued') return;
      setSentHere(true);
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
      <ThreadHeader
        otherId={otherId}
        name={name}
        avatar={known?.avatar ?? null}
        linked={!other.isError}
        mission={conversation?.mission}
      />
      <SavedCopyNotice path={pathFromQueryKey(key)} what="Conversation" className="m-3" />
      <MessageList
        thread={thread}
        items={items}
        userId={user?.id}
        onLoadOlder={loadOlder}
        list={list}
        bottom={bottom}
      />
      <p className="h-5 px-4 text-sm text-ink-muted" aria-live="polite">
        {otherTyping ? `${name} écrit…` : ''}
      </p>
      {sentHere && <NotificationOffer name={name} />}
      <QueuedActionsList group={group} className="border-t border-line px-4 py-2" />
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
        <Composer
          draft={draft}
          onDraft={(value) => {
            setDraft(value);
            typing.typed(value);
          }}
          onSend={(content) => send.mutate(content)}
          sending={send.isPending}
        />
      )}
    </section>
  );
}
