/**
 * HTTP as the app's users send it (a session cookie, JSON), with each answer sorted for the chaos and soak runs:
 * acknowledged (2xx), refused by a rule (4xx: a race lost, a limit reached), a server error (5xx), or no answer
 * (the connection broke or timed out: the outcome of the write is unknown).
 */
export type Outcome =
  | { kind: 'ack'; status: number; body: unknown; ms: number }
  | { kind: 'refused'; status: number; body: unknown; ms: number }
  | { kind: 'server-error'; status: number; body: unknown; ms: number }
  | { kind: 'no-answer'; error: string; ms: number };

export interface RequestOptions {
  json?: unknown;
  /** A raw body with its content type (multipart). */
  raw?: { body: Buffer; contentType: string };
  timeoutMs?: number;
}

export class Session {
  constructor(
    readonly base: string,
    public cookie: string | null = null,
  ) {}

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Outcome> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    let body: string | Buffer | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.raw) {
      headers['content-type'] = options.raw.contentType;
      body = options.raw.body;
    }
    const started = performance.now();
    try {
      const response = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
      });
      const text = await response.text();
      const ms = performance.now() - started;
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: kept as text
      }
      const setCookie = response.headers.getSetCookie().find((value) => value.startsWith('relais_session='));
      if (setCookie) this.cookie = setCookie.split(';')[0]!;
      const status = response.status;
      const kind = status < 300 ? 'ack' : status < 500 ? 'refused' : 'server-error';
      return { kind, status, body: parsed, ms };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return {
        kind: 'no-answer',
        error: cause ?? (error as Error).name ?? String(error),
        ms: performance.now() - started,
      };
    }
  }

  get = (path: string, options?: RequestOptions) => this.request('GET', path, options);
  post = (path: string, json?: unknown) => this.request('POST', path, json === undefined ? {} : { json });
}

/** Signs in with e-mail and password (POST /api/auth/login) and keeps the session cookie it gets. */
export async function signIn(base: string, email: string, password: string): Promise<Session> {
  const session = new Session(base);
  const answer = await session.post('/api/auth/login', { email, password });
  if (answer.kind !== 'ack' || !session.cookie)
    throw new Error(`login of ${email} failed: ${JSON.stringify(answer)}`);
  return session;
}

/** The p-th quantile of the values (nearest rank), or 0 when there are none. */
export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}
