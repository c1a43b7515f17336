import http from 'node:http';
import WebSocket from 'ws';

/** The web app's reconnection (src/web/lib/realtime.ts): 5 s after a close, at most 3 attempts, never after 1008. */
const RETRY_MS = 5000;
const MAX_ATTEMPTS = 3;
const POLICY_VIOLATION = 1008;
/**
 * What a reconnected app reads again (it refetches every query on screen): the session and the menu's two badges,
 * which every signed-in screen holds (src/web/app/sidebar-layout.tsx).
 */
const REFETCHED = ['/api/auth/me', '/api/conversations', '/api/alerts'];

export interface CrowdMember {
  id: string;
  token: string;
}

/**
 * The drivers' phones: one socket each, which measure send → receipt of new-message events (the send time is the
 * second word of the content) and reconnect like the web app, reading again what is on screen when they do.
 */
export function createCrowd(
  base: string,
  members: CrowdMember[],
  /** jitterMs: a random delay up to this added to each retry (0: the web app as it is). */
  options: { refetch: boolean; jitterMs: number },
) {
  const wsUrl = `${base.replace(/^http/, 'ws')}/ws`;
  /** Drivers whose socket is open now. */
  const open = new Set<string>();
  const latencies: number[] = [];
  /** When each received message was sent (ms since the epoch), beside its latency. */
  const sentAt: number[] = [];
  const refetches: number[] = [];
  let readsPending = 0;
  const stats = { reconnected: 0, gaveUp: 0, refused: 0, refetchFailed: 0 };
  let firstReconnectAt = 0;
  let lastReconnectAt = 0;
  let stopped = false;
  const sockets = new Set<WebSocket>();
  const agents: http.Agent[] = [];
  const timers = new Set<NodeJS.Timeout>();

  /** One GET over the phone's own connection: its status, once the answer is read. */
  const get = (agent: http.Agent, route: string, token: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(`${base}${route}`, { agent, headers: { cookie: `relais_session=${token}` } });
      request.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      });
      request.on('error', reject);
    });
  // The three reads at once, as the app asks them, over one keep-alive connection per phone (a browser would open
  // up to three: one each keeps the bench within its 20,000 open files, with 5,000 sockets beside).
  const refetch = (agent: http.Agent, token: string) => {
    for (const route of REFETCHED) {
      const started = performance.now();
      readsPending++;
      get(agent, route, token)
        .then((status) => {
          if (status === 200) refetches.push(performance.now() - started);
          else stats.refetchFailed++;
        })
        .catch(() => void stats.refetchFailed++)
        .finally(() => readsPending--);
    }
  };

  const member = ({ id, token }: CrowdMember) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    let attempts = 0;
    let wasClosed = false;
    const connect = () =>
      new Promise<void>((resolve) => {
        const ws = new WebSocket(wsUrl, { headers: { cookie: `relais_session=${token}` } });
        sockets.add(ws);
        ws.on('message', (data) => {
          const event = JSON.parse(String(data)) as { type: string; message?: { content: string } };
          const sent = event.type === 'new-message' ? Number(event.message!.content.split(' ')[1]) : NaN;
          if (!Number.isFinite(sent)) return;
          latencies.push(performance.timeOrigin + performance.now() - sent);
          sentAt.push(sent);
        });
        ws.once('open', () => {
          attempts = 0;
          open.add(id);
          if (wasClosed) {
            stats.reconnected++;
            lastReconnectAt = performance.now();
            firstReconnectAt ||= lastReconnectAt;
            if (options.refetch) refetch(agent, token);
          }
          resolve();
        });
        // A refused or failed connection emits 'error', then 'close' (1006).
        ws.on('error', () => undefined);
        ws.once('close', (code) => {
          sockets.delete(ws);
          open.delete(id);
          wasClosed = true;
          resolve();
          if (stopped) return;
          if (code === POLICY_VIOLATION) {
            stats.refused++;
            return;
          }
          if (attempts >= MAX_ATTEMPTS) {
            stats.gaveUp++;
            return;
          }
          attempts++;
          const timer = setTimeout(
            () => {
              timers.delete(timer);
              void connect();
            },
            RETRY_MS + Math.random() * options.jitterMs,
          );
          timers.add(timer);
        });
      });
    return connect;
  };
  const connectors = members.map(member);

  return {
    open,
    latencies,
    sentAt,
    refetches,
    stats,
    /** First connection of every phone, 100 at a time (a crowd arriving, not a restart). */
    async connectAll() {
      for (let start = 0; start < connectors.length; start += 100)
        await Promise.all(connectors.slice(start, start + 100).map((connect) => connect()));
    },
    /** Since the first reconnection: resets the counters of a reconnection wave. */
    resetWave() {
      firstReconnectAt = 0;
      lastReconnectAt = 0;
      refetches.length = 0;
      Object.assign(stats, { reconnected: 0, gaveUp: 0, refused: 0, refetchFailed: 0 });
    },
    wave: () => ({ firstAt: firstReconnectAt, spreadMs: lastReconnectAt - firstReconnectAt }),
    /** Reads sent on reconnection and not answered yet. */
    readsPending: () => readsPending,
    close() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      for (const ws of sockets) ws.terminate();
      for (const agent of agents) agent.destroy();
    },
  };
}
