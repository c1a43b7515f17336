import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server answering Brevo's transactional SMS API as documented (`POST /v3/transactionalSMS/send`,
 * `api-key` header, JSON `{ sender, recipient, content, type, unicodeEnabled, tag }` → 201 `{ messageId }`), so
 * Relais's SMS path runs where there is no internet and no SMS may leave (API tests, walkthroughs, end-to-end):
 * every message is kept in memory. A wrong key is a 401, a malformed body a 400, as Brevo answers. Test support only.
 */
interface ReceivedSms {
  sender: string;
  recipient: string;
  content: string;
  type: string;
  unicodeEnabled: boolean;
  tag: string | undefined;
  messageId: number;
}

export interface SmsServer {
  url: string;
  apiKey: string;
  readonly received: ReceivedSms[];
  /** The next sends answer this status (a provider down, credits exhausted); 0: normal again. */
  failWith: number;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startSmsServer(
  options: { apiKey?: string; port?: number; host?: string } = {},
): Promise<SmsServer> {
  const apiKey = options.apiKey ?? 'xkeysib-relais-local';
  const received: ReceivedSms[] = [];
  let nextId = 1_511_882_900_000_000;
  const state = { failWith: 0 };
  const server: Server = createServer((request, response) => {
    const answer = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    void (async () => {
      if (request.method === 'GET' && request.url === '/') return answer(200, { service: 'sms-local' });
      if (request.method !== 'POST' || request.url !== '/v3/transactionalSMS/send')
        return answer(404, { code: 'not_found', message: 'Not found' });
      if (request.headers['api-key'] !== apiKey)
        return answer(401, { code: 'unauthorized', message: 'Key not found' });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await readBody(request)) as Record<string, unknown>;
      } catch {
        return answer(400, { code: 'bad_request', message: 'Invalid JSON' });
      }
      const { sender, recipient, content, type, unicodeEnabled, tag } = body;
      if (
        typeof sender !== 'string' ||
        !/^([A-Za-z0-9]{1,11}|\d{1,15})$/.test(sender) ||
        typeof recipient !== 'string' ||
        !/^[1-9]\d{7,14}$/.test(recipient) ||
        typeof content !== 'string' ||
        content.length === 0 ||
        (type !== undefined && type !== 'transactional' && type !== 'marketing')
      )
        return answer(400, { code: 'missing_parameter', message: 'sender, recipient or content is invalid' });
      if (state.failWith) return answer(state.failWith, { code: 'not_enough_credits', message: 'Refused' });
      const messageId = nextId++;
      received.push({
        sender,
        recipient,
        content,
        type: typeof type === 'string' ? type : 'transactional',
        unicodeEnabled: unicodeEnabled === true,
        tag: typeof tag === 'string' ? tag : undefined,
        messageId,
      });
      return answer(201, { messageId });
    })().catch(() => answer(500, { code: 'internal', message: 'Internal error' }));
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    apiKey,
    received,
    get failWith() {
      return state.failWith;
    },
    set failWith(status: number) {
      state.failWith = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
