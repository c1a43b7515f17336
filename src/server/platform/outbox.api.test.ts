import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database, type Db } from '../db/client.js';
import { eventOutbox } from '../db/schema/events.js';
import { createUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { createEventBus, type DomainEvent, type EventBus } from './events.js';
import { deliverLeftEvents, forgetDeliveredEvents, recordDomainEvent, recordDomainEvents } from './outbox.js';

/** Bounded waits: the outbox's work is asynchronous, never timed. */
const waitFor = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 20_000, interval: 50 });

/** What is still in the outbox, of these events. */
async function leftIn(db: Db, ids: string[]): Promise<string[]> {
  const rows = await db.select({ id: eventOutbox.id }).from(eventOutbox).where(inArray(eventOutbox.id, ids));
  return rows.map((row) => row.id).sort();
}

/** The time a recording instance has to deliver its events, gone by (the test stands for the clock). */
async function makeDue(db: Db, ids: string[]): Promise<void> {
  await db
    .update(eventOutbox)
    .set({ dueAt: sql`now()` })
    .where(inArray(eventOutbox.id, ids));
}

const badge = (userId: string, n: number): DomainEvent => ({
  type: n % 2 === 0 ? 'badge.earned' : 'badge.lost',
  userId,
  badge: 'eco_driver',
  reason: `essai ${n}`,
});

describe('the event outbox', () => {
  let t: TestApp;
  let other: Database;
  let driverId: string;
  beforeAll(async () => {
    t = await createTestApp();
    // A second instance's own connections to the same database.
    other = openDatabase(t.database.url, 2);
    driverId = (await createUser(t.db)).id;
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  /** A bus of its own, whose handler notes every delivery. */
  const countingBus = (seen: string[], work: () => Promise<void> = async () => undefined): EventBus => {
    const bus = createEventBus(t.app.log);
    bus.subscribe(async (_event, { eventId }) => {
      await work();
      seen.push(eventId);
    });
    return bus;
  };

  it('never delivers an event recorded in a transaction that rolled back', async () => {
    let recorded: string | undefined;
    await expect(
      t.db.transaction(async (tx) => {
        recorded = (await recordDomainEvent(tx, badge(driverId, 0))).id;
        throw new Error('annulée');
      }),
    ).rejects.toThrow('annulée');
    expect(recorded).toBeDefined();
    expect(await leftIn(t.db, [recorded!])).toEqual([]);
    await t.db.update(eventOutbox).set({ dueAt: sql`now()` });
    const seen: string[] = [];
    expect(await deliverLeftEvents({ db: t.db, events: countingBus(seen) })).toEqual({
      delivered: 0,
      failed: 0,
      parked: 0,
    });
    expect(seen).toEqual([]);
  });

  it('publishes at once after the commit and forgets the row; a failed delivery stays for the recovery', async () => {
    const bus = createEventBus(t.app.log);
    forgetDeliveredEvents(t.db, bus);
    const seen: string[] = [];
    let failing = true;
    bus.subscribe((event, { eventId, redelivery }) => {
      if (event.type === 'badge.lost' && failing) throw new Error('panne passagère');
      seen.push(`${eventId}:${redelivery}`);
    });
    const [ok, broken] = await t.db.transaction((tx) =>
      recordDomainEvents(tx, [badge(driverId, 0), badge(driverId, 1)]),
    );
    await bus.publish([ok!, broken!]);
    expect(seen).toEqual([`${ok!.id}:false`]);
    // The delivered one goes from the outbox, the other stays: nothing is lost with a handler's failure.
    await waitFor(async () => expect(await leftIn(t.db, [ok!.id, broken!.id])).toEqual([broken!.id]));
    // Not before it is due: the instance that recorded it may still be delivering it.
    expect((await deliverLeftEvents({ db: t.db, events: bus })).delivered).toBe(0);
    failing = false;
    await makeDue(t.db, [broken!.id]);
    expect(await deliverLeftEvents({ db: t.db, events: bus })).toEqual({
      delivered: 1,
      failed: 0,
      parked: 0,
    });
    expect(seen).toEqual([`${ok!.id}:false`, `${broken!.id}:true`]);
    expect(await leftIn(t.db, [broken!.id])).toEqual([]);
  });

  it('tries a failing event later and later, then parks it for a person to look at', async () => {
    const bus = createEventBus(t.app.log);
    bus.subscribe(() => {
      throw new Error('toujours en panne');
    });
    const stuck = await t.db.transaction((tx) => recordDomainEvent(tx, badge(driverId, 2)));
    await makeDue(t.db, [stuck.id]);
    expect(await deliverLeftEvents({ db: t.db, events: bus })).toEqual({
      delivered: 0,
      failed: 1,
      parked: 0,
    });
    const [first] = await t.db
      .select({
        attempts: eventOutbox.attempts,
        wait: sql<number>`extract(epoch from due_at - now())::float8`,
      })
      .from(eventOutbox)
      .where(eq(eventOutbox.id, stuck.id));
    expect(first!.attempts).toBe(1);
    expect(first!.wait).toBeGreaterThan(30);
    // Its eighth try.
    await t.db
      .update(eventOutbox)
      .set({ attempts: 7, dueAt: sql`now()` })
      .where(eq(eventOutbox.id, stuck.id));
    expect(await deliverLeftEvents({ db: t.db, events: bus })).toEqual({
      delivered: 0,
      failed: 0,
      parked: 1,
    });
    const [parked] = await t.db
      .select({ due: sql<string>`due_at::text` })
      .from(eventOutbox)
      .where(eq(eventOutbox.id, stuck.id));
    expect(parked!.due).toBe('infinity');
    await t.db.delete(eventOutbox).where(eq(eventOutbox.id, stuck.id));
  });

  it('gives each left event to one recovery only, when two run at once on two instances', async () => {
    const left = await t.db.transaction((tx) =>
      recordDomainEvents(
        tx,
        Array.from({ length: 40 }, (_, n) => badge(driverId, n)),
      ),
    );
    const ids = left.map((event) => event.id);
    await makeDue(t.db, ids);
    const seenA: string[] = [];
    const seenB: string[] = [];
    // Another recovery is claiming the first ten (their rows are locked): this one takes the others, unblocked.
    const claiming = new pg.Client({ connectionString: t.database.url });
    await claiming.connect();
    try {
      await claiming.query('begin');
      await claiming.query('select id from event_outbox where id = any($1::uuid[]) for update', [
        ids.slice(0, 10),
      ]);
      const first = await deliverLeftEvents({ db: t.db, events: countingBus(seenA) });
      expect(first.delivered).toBe(30);
      expect(seenA.sort()).toEqual(ids.slice(10).sort());
      await claiming.query('commit');
    } finally {
      await claiming.end();
    }
    // Then both at once, each handler slow enough for the runs to overlap.
    await makeDue(t.db, ids.slice(0, 10));
    const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 5));
    const [a, b] = await Promise.all([
      deliverLeftEvents({ db: t.db, events: countingBus(seenA, pause) }),
      deliverLeftEvents({ db: other.db, events: countingBus(seenB, pause) }),
    ]);
    expect(a.delivered + b.delivered).toBe(10);
    const all = [...seenA, ...seenB].sort();
    expect(all).toEqual([...ids].sort());
    expect(await leftIn(t.db, ids)).toEqual([]);
  });
});
