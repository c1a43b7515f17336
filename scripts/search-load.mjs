// Load generator for scripts/bench-search.ts: autocannon on one path, or on a new random point in mainland
// France for every request (so no answer can come from a cache). Prints autocannon's JSON result.
import autocannon from 'autocannon';

const [base, target, duration, connections] = process.argv.slice(2);
const randomPath = () => {
  const lat = (43.5 + Math.random() * 6).toFixed(4);
  const lng = (-1 + Math.random() * 7.5).toFixed(4);
  return `/api/missions/search?lat=${lat}&lng=${lng}&radiusKm=50&sort=distance`;
};
const result = await autocannon({
  url: base,
  connections: Number(connections),
  duration: Number(duration),
  requests: [
    {
      setupRequest: (request) => ({ ...request, path: target === 'random-points' ? randomPath() : target }),
    },
  ],
});
process.stdout.write(JSON.stringify(result));
