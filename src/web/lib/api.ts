import { REAUTH_REQUIRED } from '#core/rules/admin.js';

/**
 * The API client (docs/specification.md §7, §8): credentials included, JSON bodies, and every non-OK answer turned
 * into an ApiError holding status, message and body.
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Field errors of a 400 answer (`{ errors: { field: message } }`), for the forms. */
  get fieldErrors(): Record<string, string> {
    const errors = (this.body as { errors?: unknown } | null)?.errors;
    return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
  }
}

/** Message: the body's `message` if present, else the raw text, else the status text. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  let message = '';
  try {
    body = text ? JSON.parse(text) : null;
    const candidate = (body as { message?: unknown } | null)?.message;
    if (typeof candidate === 'string' && candidate) message = candidate;
  } catch {
    body = text;
  }
  if (!message) message = text || response.statusText || `Erreur ${response.status}`;
  return new ApiError(response.status, message, body);
}

/**
 * Asks the administrator for their password again (the back office mounts a dialog that registers here): true once
 * it was confirmed, false when they cancelled.
 */
export type ReauthHandler = () => Promise<boolean>;
let reauthHandler: ReauthHandler | null = null;

/** Registers the dialog that answers a sensitive action's 403 REAUTH_REQUIRED; returns how to unregister it. */
export function setReauthHandler(handler: ReauthHandler): () => void {
  reauthHandler = handler;
  return () => {
    if (reauthHandler === handler) reauthHandler = null;
  };
}

const needsReauth = (error: ApiError) =>
  error.status === 403 && (error.body as { code?: unknown } | null)?.code === REAUTH_REQUIRED;

/**
 * A call of the API. A sensitive administrator's action refused for want of a recent password (403
 * REAUTH_REQUIRED) asks for it through the registered dialog and is tried once more; cancelled, the first refusal
 * is what the caller gets.
 */
export async function apiRequest<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  try {
    return await sendRequest<T>(method, path, body, headers);
  } catch (error) {
    if (!(error instanceof ApiError) || !needsReauth(error) || !reauthHandler) throw error;
    if (!(await reauthHandler())) throw error;
    return sendRequest<T>(method, path, body, headers);
  }
}

async function sendRequest<T>(
  method: string,
  path: string,
  body: unknown,
  extraHeaders: Record<string, string>,
): Promise<T> {
  // A FormData (a form with files) is sent as the browser writes it: multipart, with its boundary.
  const raw = body === undefined || body instanceof FormData;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: {
      ...extraHeaders,
      ...(raw
        ? { accept: 'application/json' }
        : { 'content-type': 'application/json', accept: 'application/json' }),
    },
    body: raw ? body : JSON.stringify(body),
  });
  if (!response.ok) throw await errorFromResponse(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export type QueryParams = Record<
  string,
  string | number | boolean | null | undefined | Array<string | number>
>;

/** An object becomes query-string parameters; empty, null and 'all' values are dropped (docs/specification.md §7). */
export function toQueryString(params: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null || item === '' || item === 'all') continue;
      search.append(key, String(item));
    }
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

/** ['/api/missions', { page: 2 }] → '/api/missions?page=2'; ['/api/messages', id] → '/api/messages/<id>'. */
export function pathFromQueryKey(queryKey: readonly unknown[]): string {
  let path = '';
  let query = '';
  for (const part of queryKey) {
    if (part === undefined || part === null) continue;
    if (typeof part === 'object') query = toQueryString(part as QueryParams);
    else path += path ? `/${encodeURIComponent(String(part))}` : String(part);
  }
  return path + query;
}

/** The §7 paths that have a demo twin under /api/demo/ (used when the demo flag is set). */
const DEMO_PATHS = new Set([
  '/api/missions',
  '/api/missions/search',
  '/api/transactions',
  '/api/wallet/balance',
  '/api/wallet/chart',
  '/api/alerts',
  '/api/dashboard/stats',
  '/api/conversations',
]);

export function demoPath(path: string): string {
  const [pathname = '', query] = path.split('?');
  const suffix = query ? `?${query}` : '';
  if (DEMO_PATHS.has(pathname)) return `/api/demo${pathname.slice(4)}${suffix}`;
  const messages = pathname.match(/^\/api\/messages\/([^/]+)$/);
  if (messages) return `/api/demo/messages/${messages[1]}${suffix}`;
  const reviews = pathname.match(/^\/api\/reviews\/user\/([^/]+)$/);
  if (reviews) return `/api/demo/reviews/${reviews[1]}${suffix}`;
  return path;
}
