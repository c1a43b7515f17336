// Load generator for scripts/bench-reads.ts: autocannon on one path, each request signed in as the next of many
// users (session tokens read from a file, one a line, shuffled): no answer can come from one user's warm rows.
// Prints autocannon's JSON result.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [base, target, duration, connections, tokensFile] = process.argv.slice(2);
const tokens = readFileSync(tokensFile, 'utf8').split('\n').filter(Boolean);
for (let i = tokens.length - 1; i > 0; i--) {
  const j = Math.floor(Math.random() * (i + 1));
  [tokens[i], tokens[j]] = [tokens[j], tokens[i]];
}
let next = 0;
const result = await autocannon({
  url: base,
  connections: Number(connections),
  duration: Number(duration),
  requests: [
    {
      setupRequest: (request) => ({
        ...request,
        path: target,
        headers: { ...request.headers, cookie: `relais_session=${tokens[next++ % tokens.length]}` },
      }),
    },
  ],
});
process.stdout.write(JSON.stringify(result));
