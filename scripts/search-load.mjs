// Load generator for scripts/bench-search.ts: autocannon on one path, or on a new search for every request
// ('random-searches': scripts/search-random.mjs, so no answer can come from a cache). Prints autocannon's JSON result.
import autocannon from 'autocannon';
import { randomSearch } from './search-random.mjs';

const [base, target, duration, connections] = process.argv.slice(2);
const result = await autocannon({
  url: base,
  connections: Number(connections),
  duration: Number(duration),
  requests: [
    {
      setupRequest: (request) => ({
        ...request,
        path: target === 'random-searches' ? `/api/missions/search?${randomSearch()}` : target,
      }),
    },
  ],
});
process.stdout.write(JSON.stringify(result));
