import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { createUser, TEST_PASSWORD } from '../test/factories.js';
import { createTestDatabase } from '../test/harness.js';
import { loginOverHttp, startServerProcess, type ServerProcess } from '../test/processes.js';
import { SESSION_COOKIE } from './sessions.js';

// A real server process: what is tested is that the process, and the database it carries, stay up.
let database: Database;
let server: ServerProcess;
let cookie: string;
beforeAll(async () => {
  const url = await createTestDatabase();
  database = openDatabase(url, 2);
  server = await startServerProcess(url, { PUBLIC_URL: 'http://localhost:5000' });
  const user = await createUser(database.db);
  cookie = await loginOverHttp(server.url, user.email, TEST_PASSWORD);
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
});

/**
 * Writes raw bytes on a new connection and returns what the server answered: once `complete` says so, when
 * the server closes, or after 2 s. `then` runs once the answer's headers are in (to send frames after a 101).
 */
function raw(
  bytes: string | Buffer,
  then?: (socket: net.Socket, answer: string) => void,
  complete: (answer: string) => boolean = refusedWith1008,
): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(server.port, '127.0.0.1');
    let answer = '';
    let followed = false;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(done, 2000);
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (!then && complete(answer)) return done();
      if (then && !followed && answer.includes('\r\n\r\n')) {
        followed = true;
        then(socket, answer);
      }
    });
    socket.on('error', done);
    socket.on('close', done);
    socket.write(bytes);
  });
}

const upgrade = (headers: Record<string, string | undefined>) =>
  [
    'GET /ws HTTP/1.1',
    'Host: localhost:5000',
    ...Object.entries({
      Upgrade: 'websocket',
      Connection: 'Upgrade',
      'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version': '13',
      ...headers,
    })
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');

const signedIn = () => `${SESSION_COOKIE}=${cookie}`;

async function stillUp() {
  expect(server.process.exitCode).toBeNull();
  const health = await fetch(`${server.url}/api/health`);
  expect(health.status).toBe(200);
}

/** A 403 before the upgrade, or a 101 followed by a close frame with code 1008 (0x03F0). */
function refusedWith1008(answer: string): boolean {
  return (
    answer.startsWith('HTTP/1.1 403') ||
    (answer.startsWith('HTTP/1.1 101') &&
      answer.includes(String.fromCharCode(0x88)) &&
      answer.includes('\u0003\u00f0'))
  );
}

describe('requests that once took the process down', () => {
  it('refuses a /ws upgrade whose Origin is null or unreadable, and keeps serving', async () => {
    for (const origin of ['null', 'garbage', 'http://', '://', 'http://[::1', '\u00ff\u00fe']) {
      for (const withCookie of [false, true]) {
        const answer = await raw(upgrade({ Origin: origin, Cookie: withCookie ? signedIn() : undefined }));
        expect(refusedWith1008(answer), `${origin}: ${answer.slice(0, 40)}`).toBe(true);
        await stillUp();
      }
    }
  });

  it('survives malformed upgrades: no key, bad version, huge headers, a reset halfway', async () => {
    const answers = [
      await raw(upgrade({ Cookie: signedIn(), 'Sec-WebSocket-Key': undefined })),
      await raw(upgrade({ Cookie: signedIn(), 'Sec-WebSocket-Key': 'court' })),
      await raw(upgrade({ Cookie: signedIn(), 'Sec-WebSocket-Version': '7' })),
      await raw(upgrade({ Cookie: signedIn(), 'Sec-WebSocket-Version': 'abc' })),
      await raw(upgrade({ Cookie: signedIn(), Upgrade: 'h2c' })),
      await raw(upgrade({ Cookie: `${signedIn()}; x=${'a'.repeat(70_000)}` })),
    ];
    answers.forEach((answer, i) => expect(`${i} ${answer.slice(0, 30)}`).toMatch(/^\d HTTP\/1\.1 4\d\d/));
    await stillUp();
    for (const session of ['%'.repeat(90), '%E0%A4%A', 'a'.repeat(5000)]) {
      expect(refusedWith1008(await raw(upgrade({ Cookie: `${SESSION_COOKIE}=${session}` })))).toBe(true);
    }
    await stillUp();
    // The client goes away while the session is being checked.
    await new Promise<void>((resolve) => {
      const socket = net.connect(server.port, '127.0.0.1', () => {
        socket.write(upgrade({ Cookie: signedIn() }));
        socket.resetAndDestroy();
        resolve();
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await stillUp();
  });

  it('survives malformed frames on an open socket', async () => {
    const frames = [
      Buffer.from([0x81, 0x02, 0x68, 0x69]), // unmasked text frame
      Buffer.from([0xf1, 0x80, 1, 2, 3, 4]), // reserved bits set
      Buffer.from([0x83, 0x80, 1, 2, 3, 4]), // unknown opcode
      Buffer.from([0x81, 0xff, 0, 0, 0, 1, 0, 0, 0, 0, 1, 2, 3, 4]), // 4 GB announced
      Buffer.from([0x81, 0x82, 0, 0, 0, 0, 0xc3, 0x28]), // invalid UTF-8
      Buffer.from([0x88, 0x82, 0, 0, 0, 0, 0x03, 0xe7]), // close with a reserved code (999)
      Buffer.from([0x89, 0xfe, 0x01, 0x00, 0, 0, 0, 0]), // ping longer than 125 bytes
    ];
    for (const frame of frames) {
      const answer = await raw(upgrade({ Cookie: signedIn(), Origin: 'http://localhost:5000' }), (socket) =>
        socket.write(frame),
      );
      expect(answer).toMatch(/^HTTP\/1\.1 101/);
      await stillUp();
    }
  });

  it('answers malformed HTTP with a 4xx and keeps serving', async () => {
    const answers = [
      await raw('BONJOUR\r\n\r\n'),
      await raw('GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'),
      await raw(
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{"a":',
      ),
      await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n'),
    ];
    for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 4\d\d/);
    await stillUp();
  });
});
