import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { AppConfig } from '../config.js';

/**
 * What the logs may hold (decision 012): never a query's parameters (a registration's parameters are its password
 * hash, its verification token's hash, the e-mail and the phone), never a database error's `detail` (it quotes
 * the row: "Key (lower(email))=(…) already exists"), never a token in a URL.
 */

/** The database error fields that say what went wrong without quoting the data. */
const SAFE_DATABASE_FIELDS = [
  'code',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
] as const;

const withoutParams = (text: string) => text.split('\nparams:')[0]!;

/** An error as the logs keep it: type, message and stack without parameters, safe database fields, cause. */
export function safeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error).slice(0, 500) };
  const record = error as Error & Record<string, unknown>;
  const out: Record<string, unknown> = { type: error.name, message: withoutParams(error.message) };
  if (typeof record.query === 'string') {
    // Drizzle's message is the query and its parameters: the query alone is kept, in its own field.
    out.message = 'Failed query';
    out.query = record.query;
  }
  for (const field of SAFE_DATABASE_FIELDS) if (record[field] !== undefined) out[field] = record[field];
  if (typeof record.statusCode === 'number') out.statusCode = record.statusCode;
  if (error.stack) {
    // The stack starts with the message, parameters included: keep the frames only.
    const frames = error.stack.indexOf('\n    at ');
    out.stack = `${error.name}: ${out.message as string}${frames >= 0 ? error.stack.slice(frames) : ''}`;
  }
  if (error.cause !== undefined && depth < 3) out.cause = safeError(error.cause, depth + 1);
  return out;
}

/**
 * Single-use tokens travel in page links (/verify-email?token=…), and a driver's calendar feed is read at a secret
 * address (/api/availability/ics/<token>.ics): they never reach the logs.
 */
function safeUrl(url: string): string {
  return url
    .replace(/([?&](?:token|code)=)[^&#]*/gi, '$1[masqué]')
    .replace(/^(\/api\/availability\/ics\/)[^?#]*/i, '$1[masqué]');
}

function loggerOptions(config: Pick<AppConfig, 'logLevel' | 'env'>): LoggerOptions {
  return {
    level: config.logLevel,
    serializers: {
      err: safeError,
      error: safeError,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: safeUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
    ...(config.env === 'development'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
      : {}),
  };
}

/** The server's logger; `destination` lets a test read what would be written. */
export function createLogger(
  config: Pick<AppConfig, 'logLevel' | 'env'>,
  destination?: DestinationStream,
): Logger {
  return destination
    ? pino(loggerOptions({ ...config, env: 'test' }), destination)
    : pino(loggerOptions(config));
}
