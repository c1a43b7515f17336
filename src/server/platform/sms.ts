import type { SmsConfig } from '../config.js';

interface SmsSent {
  /** The provider's id of the message. */
  messageId: string;
}

/** Sends one SMS; rejects when the provider refuses it or cannot be reached. */
export interface SmsProvider {
  send(message: { to: string; content: string; unicode: boolean; tag: string }): Promise<SmsSent>;
}

/** A provider that failed: the status and the provider's words, never the key. */
class SmsError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`SMS refused (${status}): ${detail.slice(0, 200)}`);
  }
}

const TIMEOUT_MS = 10_000;

/**
 * Brevo's transactional SMS (decision 051), through its documented HTTP API: `POST /v3/transactionalSMS/send`
 * with the `api-key` header and `{ sender, recipient, content, type: 'transactional', unicodeEnabled, tag }`; the
 * recipient is the international number without its « + ». SMS_API_URL points it at another server that speaks
 * the same API (src/server/test/sms-server.ts in the tests). Null when SMS is not configured.
 */
export function createSms(config: SmsConfig | null): SmsProvider | null {
  if (!config) return null;
  return {
    async send({ to, content, unicode, tag }) {
      const response = await fetch(`${config.apiUrl}/v3/transactionalSMS/send`, {
        method: 'POST',
        headers: { 'api-key': config.apiKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          sender: config.sender,
          recipient: to.replace(/^\+/, ''),
          content,
          type: 'transactional',
          unicodeEnabled: unicode,
          tag,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await response.text();
      if (!response.ok) throw new SmsError(response.status, text);
      const body = JSON.parse(text) as { messageId?: number | string };
      return { messageId: String(body.messageId ?? '') };
    },
  };
}
