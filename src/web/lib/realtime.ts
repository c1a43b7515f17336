import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { POLICY_VIOLATION, type ClientEvent, type RealtimeEvent } from '#core/events.js';
import { NEW_MESSAGE_NOTIFICATION, notificationFor } from '#core/rules/notifications.js';
import { conversationPath } from '#core/schemas/messaging.js';
import { ME_KEY } from './query-client.js';
import { notifyIfHidden } from './notifications.js';
import { missionStatusSeen, trackingStateSeen } from './tracking/controller.js';

const RETRY_MS = 5000;
const MAX_ATTEMPTS = 3;
const TYPING_SHOWN_MS = 6000;

let socket: WebSocket | null = null;
let currentUserId: string | null = null;

/** Typing indicators: who is typing to me, until when. */
const typing = new Map<string, number>();
const listeners = new Set<() => void>();
let typingVersion = 0;
const notify = () => {
  typingVersion++;
  for (const listener of listeners) listener();
};

function handle(queryClient: QueryClient, event: RealtimeEvent) {
  switch (event.type) {
    case 'new-message':
      typing.delete(event.message.senderId);
      notify();
      void queryClient.invalidateQueries({ queryKey: ['/api/conversations'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/messages'] });
      if (event.message.senderId !== currentUserId)
        notifyIfHidden(
          NEW_MESSAGE_NOTIFICATION.title,
          NEW_MESSAGE_NOTIFICATION.body,
          conversationPath(event.message.senderId, event.message.missionId),
          event.message.conversationId,
        );
      return;
    case 'new-alert': {
      void queryClient.invalidateQueries({ queryKey: ['/api/alerts'] });
      // A paper verified or refused, a validation step: the documents page and the session (documentsVerified).
      if (event.alert.type === 'document') {
        void queryClient.invalidateQueries({ queryKey: ['/api/documents'] });
        void queryClient.invalidateQueries({ queryKey: ['/api/auth/me'] });
      }
      // A settlement step (owed, paid, confirmed, disputed, overdue, a document issued): the payment pages and
      // the wallet.
      if (event.alert.type === 'payment') {
        void queryClient.invalidateQueries({
          predicate: (query) => query.queryKey[0] === '/api/missions' && query.queryKey[2] === 'payment',
        });
        for (const key of ['/api/wallet/balance', '/api/wallet/chart', '/api/transactions'])
          void queryClient.invalidateQueries({ queryKey: [key] });
        // A plan granted, ended, renewed or paid: the plan page, and the session that carries the plan.
        if (event.alert.link === '/driver/subscription')
          for (const key of ['/api/billing/subscription', '/api/auth/me'])
            void queryClient.invalidateQueries({ queryKey: [key] });
      }
      // A review written or published (the other party's, or one's own once both are in): the review pages,
      // the member's reviews and their score.
      if (event.alert.type === 'reputation') {
        void queryClient.invalidateQueries({
          predicate: (query) => query.queryKey[0] === '/api/missions' && query.queryKey[2] === 'review',
        });
        for (const key of ['/api/reviews/user', '/api/users'])
          void queryClient.invalidateQueries({ queryKey: [key] });
      }
      // A bug report's status changed or the team answered it: the reporter's list.
      if (event.alert.type === 'support')
        void queryClient.invalidateQueries({ queryKey: ['/api/bug-reports/mine'] });
      // A message already notified itself (above).
      if (event.alert.type !== 'message') {
        const { title, body } = notificationFor(event.alert);
        notifyIfHidden(title, body, event.alert.link, event.alert.id);
      }
      return;
    }
    case 'tracking-update':
      // New points, paused or resumed: the map and the list read again (no coordinates travel here).
      void queryClient.invalidateQueries({ queryKey: ['/api/missions', event.missionId, 'tracking'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/tracking/active'] });
      trackingStateSeen(event.missionId, event.paused);
      return;
    case 'mission-update':
      // Delivered (or dropped): the phone stops sharing the mission's position.
      missionStatusSeen(event.mission.id, event.mission.status);
      for (const key of [
        '/api/missions',
        '/api/missions/search',
        '/api/dashboard/stats',
        '/api/applications/mine',
        // The driver's calendar: days held by a mission (assigned, started, cancelled) change with it.
        '/api/availability',
      ])
        void queryClient.invalidateQueries({ queryKey: [key] });
      return;
    case 'user-typing':
      typing.set(event.userId, Date.now() + TYPING_SHOWN_MS);
      notify();
      setTimeout(notify, TYPING_SHOWN_MS + 50);
      return;
    case 'user-stop-typing':
      typing.delete(event.userId);
      notify();
  }
}

/**
 * docs/specification.md §4: connects to /ws while a user is signed in; after a close, retries after 5 s, at most 3 times
 * (the count starts again once connected); never after 1008 (no valid session). Once the 3 attempts are spent,
 * a new round starts when the browser is back online or the app comes back to the screen. Each event refreshes the
 * matching data; after a reconnection everything shown is refetched, so nothing missed offline stays missing.
 */
export function useRealtime(userId: string | null): void {
  const queryClient = useQueryClient();
  const enabled = userId !== null;
  useEffect(() => {
    currentUserId = userId;
    if (!enabled || typeof WebSocket === 'undefined') return;
    let attempts = 0;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wasClosed = false;
    /** Closed with 1008: no valid session; never retried. */
    let refused = false;
    const connect = () => {
      const ws = new WebSocket(
        `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`,
      );
      socket = ws;
      ws.onopen = () => {
        attempts = 0;
        if (wasClosed) void queryClient.invalidateQueries();
      };
      ws.onmessage = (message: MessageEvent<string>) => {
        try {
          handle(queryClient, JSON.parse(message.data) as RealtimeEvent);
        } catch {
          // Not an event of ours: ignored.
        }
      };
      ws.onclose = (event) => {
        if (socket === ws) socket = null;
        wasClosed = true;
        if (event.code === POLICY_VIOLATION) {
          refused = true;
          // Refused for want of a session (ended on another device, say): the session check says so.
          void queryClient.invalidateQueries({ queryKey: ME_KEY });
        }
        if (stopped || refused || attempts >= MAX_ATTEMPTS) return;
        attempts++;
        timer = setTimeout(connect, RETRY_MS);
      };
    };
    // After the 3 attempts (a long tunnel, say), the network coming back or the app brought back to the
    // screen starts a new round, instead of staying without live updates until a reload.
    const resume = () => {
      if (stopped || refused || socket || attempts < MAX_ATTEMPTS) return;
      if (document.visibilityState !== 'visible' || !navigator.onLine) return;
      attempts = 0;
      connect();
    };
    window.addEventListener('online', resume);
    document.addEventListener('visibilitychange', resume);
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', resume);
      document.removeEventListener('visibilitychange', resume);
      socket?.close();
      socket = null;
    };
  }, [enabled, userId, queryClient]);
}

/** Tells the other person that the user is typing (or stopped); dropped when not connected. */
export function sendRealtime(event: ClientEvent): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(event));
}

/** True while `userId` is typing to the user. */
export function useIsTyping(userId: string | null): boolean {
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => typingVersion,
    () => 0,
  );
  return userId !== null && (typing.get(userId) ?? 0) > Date.now();
}
