import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { platformKeys, pushSubscriptions } from '../db/schema/platform.js';
import { users } from '../db/schema/users.js';
import { endpointShapeAllowed, postToPushService } from './push-endpoints.js';

interface PushMessage {
  title: string;
  body: string;
  /** Opened when the notification is clicked. */
  link: string | null;
  /** Notifications with one tag replace each other on the device (one per conversation, say). */
  tag?: string;
}

export interface Push {
  /** The VAPID public key the browsers subscribe with (generated at first start, kept in the database). */
  publicKey(): Promise<string>;
  /** Sends to every device of the user; subscriptions the push service says are gone are removed. */
  sendToUser(userId: string, message: PushMessage): Promise<{ sent: number; removed: number }>;
}

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * Web Push (decision 011): one VAPID key pair for the platform, created by the first instance that
 * starts (insert-if-absent, so two starting together agree), messages encrypted by `web-push` and posted to the
 * push service (push-endpoints.ts: known hosts, public addresses only), at most 5 s per device.
 */
export function createPush(db: Db, config: AppConfig, log: FastifyBaseLogger): Push {
  let keys: Promise<VapidKeys> | undefined;
  const subject = (() => {
    const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
    return config.publicUrl.startsWith('https://') ? config.publicUrl : `mailto:${address.trim()}`;
  })();

  const loadKeys = () =>
    (keys ??= (async () => {
      const generated = webpush.generateVAPIDKeys();
      await db
        .insert(platformKeys)
        .values({ name: 'vapid', value: { ...generated } })
        .onConflictDoNothing();
      const [row] = await db.select().from(platformKeys).where(eq(platformKeys.name, 'vapid'));
      return row!.value as unknown as VapidKeys;
    })().catch((error: unknown) => {
      keys = undefined;
      throw error;
    }));

  return {
    async publicKey() {
      return (await loadKeys()).publicKey;
    },
    async sendToUser(userId, message) {
      // A demo account's devices are never notified (decision 022): an account the team marks as demo may have
      // subscribed before, and a demo session cannot subscribe at all (platform/demo-guard.ts).
      const devices = await db
        .select({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .innerJoin(users, eq(users.id, pushSubscriptions.userId))
        .where(and(eq(pushSubscriptions.userId, userId), eq(users.isDemo, false)));
      if (devices.length === 0) return { sent: 0, removed: 0 };
      const vapid = await loadKeys();
      const payload = JSON.stringify(message);
      let sent = 0;
      let removed = 0;
      await Promise.all(
        devices.map(async (device) => {
          if (!endpointShapeAllowed(device.endpoint, config.push)) return;
          try {
            const request = webpush.generateRequestDetails(
              { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
              payload,
              {
                vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
                TTL: 24 * 60 * 60,
                urgency: 'high',
                ...(message.tag ? { topic: topicOf(message.tag) } : {}),
              },
            );
            // Connected through a lookup that refuses private addresses, whatever the name resolves to now.
            const status = await postToPushService(
              request.endpoint,
              request.headers as Record<string, string | number>,
              request.body,
              config.push,
            );
            if (status === 404 || status === 410) {
              await db
                .delete(pushSubscriptions)
                .where(and(eq(pushSubscriptions.id, device.id), eq(pushSubscriptions.userId, userId)));
              removed++;
            } else if (status >= 200 && status < 300) {
              sent++;
              await db
                .update(pushSubscriptions)
                .set({ lastUsedAt: sql`now()` })
                .where(eq(pushSubscriptions.id, device.id));
            } else {
              log.warn({ status }, 'push refused by the push service');
            }
          } catch (error) {
            log.warn({ err: error }, 'push not sent');
          }
        }),
      );
      return { sent, removed };
    },
  };
}

/** A push "Topic" header is at most 32 URL-safe characters. */
function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || 'relais';
}
