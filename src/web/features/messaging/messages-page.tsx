import { useQuery } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';
import { conversationPath, type Conversation } from '#core/schemas/messaging.js';
import { formatShortDateTime } from '#core/rules/french-dates.js';
import { Avatar } from '#web/ui/avatar.js';
import { cn } from '#web/ui/cn.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { CONVERSATIONS, Thread } from './thread.js';

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
