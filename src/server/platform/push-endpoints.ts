import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { BlockList, type LookupFunction } from 'node:net';

/**
 * Which push subscription endpoints Relais will call (decision 012). A browser gives the address of its
 * vendor's push service; a hostile client could give any address and have the server connect to it (an
 * internal service, the cloud metadata address…). So an endpoint must be https, on one of the known push
 * services' hosts, never an IP literal, and every address its name resolves to must be public — checked when
 * the subscription is saved and again on each connection (the name may point elsewhere by then).
 */
export interface PushEndpointPolicy {
  /** Host names of push services; `*.example.com` allows the subdomains of example.com. */
  serviceHosts: readonly string[];
  /** Tests only (never from the environment): a push service on loopback, over http. */
  allowPrivateNetwork: boolean;
}

/** The browsers' push services: Chrome and Edge (FCM), Firefox (Mozilla), Safari (Apple), Windows (WNS). */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

const reserved = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  reserved.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  reserved.addSubnet(network, prefix, 'ipv6');

/** Loopback, private, link-local, shared, documentation, multicast… anything that is not the public Internet. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return reserved.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return reserved.check(mapped, 'ipv4');
  return reserved.check(address, 'ipv6');
}

function hostAllowed(host: string, patterns: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return patterns.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.startsWith('*.') ? name.endsWith(p.slice(1)) && name.length > p.length - 1 : name === p;
  });
}

/** A DNS lookup that refuses names leading to a private address: the check holds for the connection itself. */
function guardedLookup(policy: PushEndpointPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      if (!policy.allowPrivateNetwork && addresses.some((entry) => isPrivateAddress(entry.address))) {
        return callback(Object.assign(new Error('adresse privée refusée'), { code: 'EPRIVATE' }), '', 4);
      }
      if (options.all) return callback(null, addresses as never, 4);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** The endpoint's form: https, no credentials, a known push service's host, not an IP literal. */
export function endpointShapeAllowed(endpoint: string, policy: PushEndpointPolicy): URL | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol !== 'https:' && !(policy.allowPrivateNetwork && url.protocol === 'http:')) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!hostAllowed(host, policy.serviceHosts)) return null;
  if (!policy.allowPrivateNetwork && net.isIP(host)) return null;
  return url;
}

/** Whether Relais may call this endpoint: the form above, and a name that resolves to public addresses only. */
export async function isAcceptableEndpoint(endpoint: string, policy: PushEndpointPolicy): Promise<boolean> {
  const url = endpointShapeAllowed(endpoint, policy);
  if (!url) return false;
  if (policy.allowPrivateNetwork) return true;
  return new Promise((resolve) => {
    guardedLookup(policy)(url.hostname, { all: true }, (error) => resolve(!error));
  });
}

/** POSTs to a push service through the guarded lookup (5 s at most); resolves with the HTTP status. */
export function postToPushService(
  endpoint: string,
  headers: Record<string, string | number>,
  body: Buffer | null,
  policy: PushEndpointPolicy,
): Promise<number> {
  const url = new URL(endpoint);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      { method: 'POST', headers, lookup: guardedLookup(policy), timeout: 5000 },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('push service timed out')));
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}
