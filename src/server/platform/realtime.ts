import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { POLICY_VIOLATION, clientEventSchema, type ClientEvent, type RealtimeEvent } from '#core/events.js';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';
import type { User } from '../db/schema/users.js';
import { fromOwnPages, ownHostsOf } from './origin.js';
import { createPresence } from './presence.js';
import { createRealtimeBus } from './realtime-bus.js';
import { SESSION_COOKIE, type SessionManager } from './sessions.js';
import { hashToken } from './tokens.js';

const HEARTBEAT_MS = 30_000;
/** Close code of a connection that may be tried again later (RFC 6455 registry): the app retries. */
const TRY_AGAIN_LATER = 1013;
/** Open sockets per user (tabs and devices); a new one beyond closes the oldest, with 1008. */
export const MAX_SOCKETS_PER_USER = 20;
/** What one socket may send (typing marks, one every 3 s from the app): more in a window is ignored. */
export const CLIENT_EVENTS_PER_WINDOW = 20;
const CLIENT_EVENT_WINDOW_MS = 10_000;

export interface Realtime {
  /**
   * Sends the event to every open socket of these users, on every instance (through PostgreSQL); resolves once
   * published, never rejects. Typing events are not kept; the others are, for an instance that reconnects.
   */
  deliver(userIds: readonly string[], event: RealtimeEvent): Promise<void>;
  /** Whether the user has an open socket on any instance (else alerts are pushed to their devices). */
  hasOpenSocket(userId: string): Promise<boolean>;
  /** Handles what browsers send (typing); the handler decides whether to relay. */
  onClientEvent(handler: (from: User, event: ClientEvent) => void | Promise<void>): void;
  /**
   * Some of the user's sessions ended (logout elsewhere, password changed, account closed): every instance checks
   * that user's sockets now and closes, with 1008, those whose session is gone. Never rejects.
   */
  sessionsEnded(userId: string): Promise<void>;
  /**
   * Tells every other instance `name` at once (missions changed: their search caches go); resolves once sent,
   * never rejects. `onSignal` handlers run on each other instance, in order with the events sent after.
   */
  signal(name: string): Promise<void>;
  onSignal(name: string, handler: () => void): void;
}

/**
 * The realtime connection on /ws: authenticated by the session cookie at the upgrade, origin checked as for
 * every state change (origin.ts); no or bad session, or a foreign, null or unreadable origin, closes with 1008
 * (the client then stops retrying). A heartbeat closes sockets that stopped answering.
 */
export function registerRealtime(
  app: FastifyInstance,
  config: AppConfig,
  database: Database,
  sessions: Pick<SessionManager, 'userFromToken' | 'liveSessions'>,
): Realtime {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  const socketsByUser = new Map<string, Set<WebSocket>>();
  const signalHandlers = new Map<string, Array<() => void>>();
  const presence = createPresence(database.pool, app.log);
  const bus = createRealtimeBus({
    pool: database.pool,
    url: database.url,
    log: app.log,
    isHere: (userId) => socketsByUser.has(userId),
    onSignal: (name) => {
      for (const handler of signalHandlers.get(name) ?? []) handler();
    },
    deliverHere(userIds, event, json) {
      if (event.type === 'session-check') {
        void closeEndedSessions(userIds.flatMap((userId) => [...(socketsByUser.get(userId) ?? [])]));
        return;
      }
      const payload = json ?? JSON.stringify(event);
      for (const userId of userIds)
        for (const ws of socketsByUser.get(userId) ?? []) if (ws.readyState === ws.OPEN) ws.send(payload);
    },
  });
  const alive = new WeakMap<WebSocket, boolean>();
  /** The SHA-256 of the session token each socket was opened with. */
  const sessionOf = new WeakMap<WebSocket, string>();

  /** Closes the sockets whose session has ended (or whose account is no longer active). */
  const closeEndedSessions = async (sockets: WebSocket[]) => {
    for (let start = 0; start < sockets.length; start += 1000) {
      const batch = sockets.slice(start, start + 1000);
      const hashes = [...new Set(batch.map((ws) => sessionOf.get(ws)).filter((hash) => hash !== undefined))];
      if (hashes.length === 0) continue;
      try {
        const live = await sessions.liveSessions(hashes);
        for (const ws of batch)
          if (!live.has(sessionOf.get(ws) ?? '')) ws.close(POLICY_VIOLATION, 'Session terminée');
      } catch (error) {
        app.log.warn({ err: error }, 'websocket sessions not checked');
      }
    }
  };
  const handlers: Array<(from: User, event: ClientEvent) => void | Promise<void>> = [];
  const ownHosts = ownHostsOf(config);

  /**
   * Completes the handshake only to close at once: with 1008 the client stops retrying (no session, foreign
   * origin); with 1013 it tries again later (the session could not be read).
   */
  const refuse = (
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    reason: string,
    code = POLICY_VIOLATION,
  ) => {
    wss.handleUpgrade(request, socket, head, (ws) => {
      ws.on('error', () => ws.terminate());
      ws.close(code, reason);
    });
  };

  const accept = (user: User, tokenHash: string, ws: WebSocket) => {
    sessionOf.set(ws, tokenHash);
    // A malformed frame (unmasked, reserved bits, bad UTF-8…) ends this socket, never the process.
    ws.on('error', (error) => {
      app.log.debug({ err: error }, 'websocket closed on a protocol error');
      ws.terminate();
    });
    const mine = socketsByUser.get(user.id) ?? new Set<WebSocket>();
    if (mine.size >= MAX_SOCKETS_PER_USER) {
      // Sets keep insertion order: the first is the oldest, most likely a forgotten tab.
      const oldest = mine.values().next().value!;
      mine.delete(oldest);
      oldest.close(POLICY_VIOLATION, 'Trop de connexions ouvertes');
    }
    mine.add(ws);
    socketsByUser.set(user.id, mine);
    presence.set(user.id, mine.size);
    alive.set(ws, true);
    ws.on('pong', () => alive.set(ws, true));
    let windowStart = Date.now();
    let sentInWindow = 0;
    ws.on('message', (data) => {
      const now = Date.now();
      if (now - windowStart > CLIENT_EVENT_WINDOW_MS) {
        windowStart = now;
        sentInWindow = 0;
      }
      // Each event costs a database check and a NOTIFY on every instance: a flood is dropped.
      if (++sentInWindow > CLIENT_EVENTS_PER_WINDOW) return;
      let parsed: ClientEvent;
      try {
        parsed = clientEventSchema.parse(JSON.parse(String(data)));
      } catch {
        return;
      }
      for (const handler of handlers) void Promise.resolve(handler(user, parsed)).catch(() => undefined);
    });
    ws.on('close', () => {
      mine.delete(ws);
      if (mine.size === 0 && socketsByUser.get(user.id) === mine) socketsByUser.delete(user.id);
      presence.set(user.id, mine.size);
    });
  };

  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = request.url ?? '';
    if (url !== '/ws' && !url.startsWith('/ws?')) {
      socket.destroy();
      return;
    }
    if (!fromOwnPages(request.headers, ownHosts)) {
      refuse(request, socket, head, 'Origine non autorisée');
      return;
    }
    const token = app.parseCookie(request.headers.cookie ?? '')[SESSION_COOKIE];
    sessions
      .userFromToken(token ?? '')
      // A session that could not be read (the database busy or away, as when every phone reconnects at once
      // after a restart) is not a missing one: 1008 would stop the app from ever trying again.
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'websocket session not read');
        return undefined;
      })
      .then((user) => {
        // The client may have gone while the session was read.
        if (socket.destroyed) return;
        if (user === undefined) refuse(request, socket, head, 'Réessayez dans un instant', TRY_AGAIN_LATER);
        else if (!user) refuse(request, socket, head, 'Session requise');
        else wss.handleUpgrade(request, socket, head, (ws) => accept(user, hashToken(token!), ws));
      })
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'websocket upgrade failed');
        socket.destroy();
      });
  };

  // Nothing a client sends during an upgrade may throw out of here: Node would stop, and the embedded
  // database with it. A bad request ends its own connection.
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    try {
      upgrade(request, socket, head);
    } catch (error) {
      app.log.warn({ err: error }, 'websocket upgrade refused');
      socket.destroy();
    }
  });

  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.get(ws)) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
    // A session that expired, or ended on an instance whose signal was lost, closes its sockets here.
    void closeEndedSessions([...wss.clients]);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onReady', async () => {
    await presence.start();
    await bus.start();
  });
  // Before the HTTP server waits for its connections to end: open sockets would hold it.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const ws of wss.clients) ws.terminate();
    wss.close();
  });
  app.addHook('onClose', async () => {
    await bus.close();
    await presence.close();
  });

  return {
    async deliver(userIds, event) {
      const ephemeral = event.type === 'user-typing' || event.type === 'user-stop-typing';
      // Already committed: a delivery that fails is logged (screens still catch up by polling), never thrown.
      await bus.publish(userIds, event, { ephemeral }).catch((error: unknown) => {
        app.log.warn({ err: error, event: event.type }, 'realtime event not published');
      });
    },
    hasOpenSocket: (userId) => presence.hasOpenSocket(userId),
    async sessionsEnded(userId) {
      await bus.publish([userId], { type: 'session-check' }, { ephemeral: true }).catch((error: unknown) => {
        app.log.warn({ err: error }, 'session check not published');
      });
    },
    onClientEvent(handler) {
      handlers.push(handler);
    },
    async signal(name) {
      await bus.signal(name).catch((error: unknown) => {
        app.log.warn({ err: error, signal: name }, 'signal not published');
      });
    },
    onSignal(name, handler) {
      signalHandlers.set(name, [...(signalHandlers.get(name) ?? []), handler]);
    },
  };
}
