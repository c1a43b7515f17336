import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createUser } from '../../test/factories.js';
import { Agent, createTestApp, type TestApp } from '../../test/harness.js';
import { localSuggestions, parseBanAnswer } from './geocoder.js';

/** An answer in the format the Base Adresse Nationale documents (api-adresse.data.gouv.fr/search). */
const BAN_ANSWER = {
  type: 'FeatureCollection',
  version: 'draft',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [2.348312, 48.746781] },
      properties: {
        label: '1 Rue de la Tour 94150 Rungis',
        score: 0.9712,
        housenumber: '1',
        id: '94065_0890_00001',
        name: '1 Rue de la Tour',
        postcode: '94150',
        citycode: '94065',
        x: 652377.16,
        y: 6852264.32,
        city: 'Rungis',
        context: '94, Val-de-Marne, Île-de-France',
        type: 'housenumber',
        importance: 0.5689,
        street: 'Rue de la Tour',
      },
    },
    { type: 'Feature', geometry: { type: 'Point', coordinates: 'broken' }, properties: { label: 'ignored' } },
  ],
  attribution: 'BAN',
  licence: 'ETALAB-2.0',
  query: '1 rue de la tour rungis',
  limit: 5,
};

let ban: Server;
let slow: Server;
let banUrl: string;
let slowUrl: string;
const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/search/`;
};
beforeAll(async () => {
  ban = createServer((request, response) => {
    const query = new URL(request.url!, 'http://x').searchParams.get('q');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(query?.includes('rungis') ? BAN_ANSWER : { ...BAN_ANSWER, features: [] }));
  });
  slow = createServer((_request, response) => {
    setTimeout(() => response.end(JSON.stringify(BAN_ANSWER)), 3000).unref();
  });
  banUrl = await listen(ban);
  slowUrl = await listen(slow);
});
afterAll(async () => {
  ban.closeAllConnections();
  slow.closeAllConnections();
  await Promise.all([new Promise((r) => ban.close(r)), new Promise((r) => slow.close(r))]);
});

async function appWith(env: Record<string, string>): Promise<{ t: TestApp; agent: Agent }> {
  const t = await createTestApp({ env });
  const user = await createUser(t.db, { userType: 'company' });
  const agent = new Agent(t.app);
  await agent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
  return { t, agent };
}

describe('address suggestions', () => {
  it('reads the BAN format: label, city, postcode, point; skips broken features', () => {
    expect(parseBanAnswer(BAN_ANSWER)).toEqual([
      {
        label: '1 Rue de la Tour 94150 Rungis',
        city: 'Rungis',
        postcode: '94150',
        lat: 48.746781,
        lng: 2.348312,
        source: 'ban',
        precision: 'exact',
        department: 'Val-de-Marne',
      },
    ]);
    expect(parseBanAnswer({ oops: true })).toEqual([]);
    // The built-in register's communes: names from their start, most populous first; postcodes too.
    expect(localSuggestions('saint eti')[0]!.label).toMatch(/^Saint-Étienne \(420\d\d\)$|^Saint-Étienne$/);
    expect(localSuggestions('69960')[0]).toMatchObject({
      city: 'Corbas',
      source: 'local',
      precision: 'commune',
    });
  });

  it('asks the BAN over HTTP when it answers', async () => {
    const { t, agent } = await appWith({ GEOCODER_URL: banUrl });
    const response = await agent.get('/api/geocode?q=1%20rue%20de%20la%20tour%20rungis');
    expect(response.statusCode).toBe(200);
    expect(response.json()[0]).toMatchObject({ city: 'Rungis', source: 'ban' });
    expect((await new Agent(t.app).get('/api/geocode?q=rungis')).statusCode).toBe(401);
    await t.close();
  });

  it('falls back to the built-in communes when the BAN is unreachable or too slow', async () => {
    const closed = await appWith({ GEOCODER_URL: 'http://127.0.0.1:9/search/' });
    const fallback = (await closed.agent.get('/api/geocode?q=Lyo')).json();
    expect(fallback[0]).toMatchObject({ label: 'Lyon', source: 'local' });
    await closed.t.close();

    const late = await appWith({ GEOCODER_URL: slowUrl, GEOCODER_TIMEOUT_MS: '200' });
    const started = Date.now();
    const answer = (await late.agent.get('/api/geocode?q=rungis%20tour')).json();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(answer[0]).toMatchObject({ label: 'Rungis (94150)', source: 'local', precision: 'commune' });
    await late.t.close();
  });
});
