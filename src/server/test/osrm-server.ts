import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { haversineKm } from '#core/rules/tracking.js';

/**
 * A local HTTP server answering the route service of OSRM's documented API (v1, as osrm-routed and the
 * OSRM-compatible services serve it): `GET /route/v1/{profile}/{lon},{lat};{lon},{lat}?overview=false` →
 * `{ code: 'Ok', routes: [{ distance, duration, weight, legs }], waypoints }`, distances in metres and durations in
 * seconds; `{ code: 'InvalidUrl' | 'InvalidQuery' }` with a 400 for what it cannot read. Its roads are the straight
 * line × ROAD_FACTOR_OF_FAKE, driven at a car's CAR_SPEED_KMH. `mode` makes it fail: `down` answers 503, `slow`
 * never answers (the caller's timeout ends the wait), `noroute` answers OSRM's NoRoute. Test support only (decision
 * 054): Relais never ships it as product behaviour.
 */
const ROAD_FACTOR_OF_FAKE = 1.2;
const CAR_SPEED_KMH = 90;

export class OsrmServer {
  url = '';
  mode: 'ok' | 'down' | 'slow' | 'noroute' = 'ok';
  /** The paths asked, in order. */
  readonly asked: string[] = [];
  private readonly server: Server;
  private readonly hanging = new Set<ServerResponse>();

  constructor() {
    this.server = createServer((request, response) => this.answer(request, response));
  }

  async start(port = 0, host = '127.0.0.1'): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(port, host, resolve));
    const address = this.server.address() as AddressInfo;
    this.url = `http://${host}:${address.port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The fake's figures for a trip (metres, seconds), as it answers them. */
  static trip(from: { lat: number; lng: number }, to: { lat: number; lng: number }) {
    const km = haversineKm(
      { latitude: from.lat, longitude: from.lng },
      { latitude: to.lat, longitude: to.lng },
    );
    const distance = Math.round(km * ROAD_FACTOR_OF_FAKE * 1000 * 10) / 10;
    return { distance, duration: Math.round((distance / 1000 / CAR_SPEED_KMH) * 3600 * 10) / 10 };
  }

  private answer(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://osrm.local');
    this.asked.push(url.pathname + url.search);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (this.mode === 'slow') {
      this.hanging.add(response);
      response.on('close', () => this.hanging.delete(response));
      return;
    }
    if (this.mode === 'down') return send(503, { message: 'Service Unavailable' });
    const match = /^\/route\/v1\/[\w-]+\/([^/]+?)(?:\.json)?$/.exec(url.pathname);
    if (request.method !== 'GET' || !match)
      return send(400, { code: 'InvalidUrl', message: 'URL string malformed close to position 1' });
    const points = decodeURIComponent(match[1]!)
      .split(';')
      .map((pair) => pair.split(',').map(Number));
    const valid = points.every(
      (p) => p.length === 2 && Math.abs(p[0]!) <= 180 && Math.abs(p[1]!) <= 90 && p.every(Number.isFinite),
    );
    if (points.length < 2 || !valid)
      return send(400, { code: 'InvalidQuery', message: 'Query string malformed close to position 1' });
    if (this.mode === 'noroute')
      return send(400, { code: 'NoRoute', message: 'Impossible route between points' });
    const located = points.map(([lng, lat]) => ({ lat: lat!, lng: lng! }));
    const legs = located.slice(1).map((to, i) => OsrmServer.trip(located[i]!, to));
    const distance = legs.reduce((sum, leg) => sum + leg.distance, 0);
    const duration = legs.reduce((sum, leg) => sum + leg.duration, 0);
    send(200, {
      code: 'Ok',
      routes: [
        {
          distance,
          duration,
          weight: duration,
          weight_name: 'routability',
          legs: legs.map((leg) => ({ ...leg, weight: leg.duration, summary: '', steps: [] })),
        },
      ],
      waypoints: located.map(({ lat, lng }) => ({ name: '', location: [lng, lat], distance: 0, hint: '' })),
    });
  }
}
