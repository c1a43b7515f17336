import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestStats } from '#core/schemas/site-analytics.js';
import type { Db } from '../../db/client.js';
import { safeError } from '../../platform/logger.js';
import { writeBatch, writeBatchApart, type AudienceRow, type Batch, type SessionRow } from './ingest.js';

/** What one beacon adds, already checked and stripped of anything it may not keep (collect.ts). */
export interface Contribution {
  /** Page views counted anonymously (every page view, with consent or not). */
  audience: Array<Omit<AudienceRow, 'views'>>;
  /** Only with consent. */
  session: SessionRow | null;
  visits: Batch['visits'];
  events: Batch['events'];
  conversions: Batch['conversions'];
  /** How many items of the beacon this is (its page views and events): what the bound counts. */
  size: number;
}

export interface BufferOptions {
  /** Items held at most; beyond, beacons are dropped (and counted). */
  maxItems: number;
  /** A flush starts at this many items… */
  flushAtItems: number;
  /** …or every this many milliseconds. */
  flushEveryMs: number;
}

const DEFAULT_BUFFER_OPTIONS: BufferOptions = {
  maxItems: 5_000,
  flushAtItems: 500,
  flushEveryMs: 2_000,
};

const emptyBatch = (): Batch => ({
  audience: new Map(),
  sessions: new Map(),
  visits: [],
  events: [],
  conversions: [],
});

/** The buffers of each database in this process, so tests and the bench can flush without waiting. */
const registry = new WeakMap<Db, Set<AnalyticsBuffer>>();

/** Writes now what every buffer of this process holds for `db` (tests: instead of sleeping). */
export async function flushSiteAnalytics(db: Db): Promise<void> {
  await Promise.all([...(registry.get(db) ?? [])].map((buffer) => buffer.flush()));
}

/**
 * The in-memory queue between the beacons and PostgreSQL, one per instance. A beacon is added in O(its size)
 * without any database call: audience counts and session totals are summed in maps, visits and events appended.
 * Every 2 s, or as soon as 500 items wait, everything is written in one transaction with a handful of multi-row
 * statements. Bounded: beyond 5,000 waiting items, beacons are dropped and counted. On close, what is left is
 * written. A crash loses what was waiting (at most the last 2 s or so).
 */
export class AnalyticsBuffer {
  private batch = emptyBatch();
  private pending = 0;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly stats = {
    accepted: 0,
    dropped: 0,
    failed: 0,
    flushes: 0,
    rowsWritten: 0,
    lastFlushMs: 0,
    maxFlushMs: 0,
    totalFlushMs: 0,
  };

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: BufferOptions = DEFAULT_BUFFER_OPTIONS,
  ) {}

  start(): void {
    let set = registry.get(this.db);
    if (!set) registry.set(this.db, (set = new Set()));
    set.add(this);
    this.timer = setInterval(() => void this.flush(), this.options.flushEveryMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
    registry.get(this.db)?.delete(this);
  }

  /** Adds a beacon's contribution; false when the buffer is full (the beacon is dropped). */
  add(contribution: Contribution): boolean {
    if (contribution.size === 0) return true;
    if (this.pending + contribution.size > this.options.maxItems) {
      this.stats.dropped += contribution.size;
      return false;
    }
    const { audience, sessions, visits, events, conversions } = this.batch;
    for (const item of contribution.audience) {
      const key = `${item.day}|${item.deviceType}|${item.page}`;
      const row = audience.get(key);
      if (row) row.views++;
      else audience.set(key, { ...item, views: 1 });
    }
    const session = contribution.session;
    if (session) {
      const known = sessions.get(session.sessionId);
      if (!known) sessions.set(session.sessionId, { ...session });
      else {
        if (session.startedAt < known.startedAt) {
          known.startedAt = session.startedAt;
          known.landingPage = session.landingPage ?? known.landingPage;
        }
        if (session.endedAt > known.endedAt) known.endedAt = session.endedAt;
        known.pageViews += session.pageViews;
        known.userId ??= session.userId;
        known.referrer ??= session.referrer;
      }
    }
    visits.push(...contribution.visits);
    events.push(...contribution.events);
    conversions.push(...contribution.conversions);
    this.pending += contribution.size;
    this.stats.accepted += contribution.size;
    // During a flush, the next one starts when it ends (below), not one waiting call per beacon.
    if (this.pending >= this.options.flushAtItems && !this.running) void this.flush();
    return true;
  }

  /** Writes what waits; one flush at a time (a call during a flush waits for it, then writes what came since). */
  async flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      await this.running;
      if (this.running) return this.running;
    }
    if (this.pending === 0) return;
    this.running = this.write().finally(() => {
      this.running = null;
    });
    await this.running;
    if (this.again || this.pending >= this.options.flushAtItems) {
      this.again = false;
      if (this.pending > 0) await this.flush();
    }
  }

  private async write(): Promise<void> {
    const batch = this.batch;
    const size = this.pending;
    this.batch = emptyBatch();
    this.pending = 0;
    const started = performance.now();
    try {
      try {
        this.stats.rowsWritten += await writeBatch(this.db, batch);
      } catch (error) {
        // One row the database refuses must not take every visitor's rows with it: again, apart.
        const { written, refused } = await writeBatchApart(this.db, batch);
        this.stats.rowsWritten += written;
        this.stats.failed += refused;
        this.log.warn({ err: safeError(error), refused, written }, 'site analytics rows refused');
      }
      const elapsed = performance.now() - started;
      this.stats.flushes++;
      this.stats.lastFlushMs = elapsed;
      this.stats.maxFlushMs = Math.max(this.stats.maxFlushMs, elapsed);
      this.stats.totalFlushMs += elapsed;
    } catch (error) {
      // Not put back (database down…): the buffer stays bounded whatever the database does. Measurement, not
      // bookkeeping.
      this.stats.failed += size;
      this.log.warn({ err: safeError(error), items: size }, 'site analytics flush failed');
    }
  }

  snapshot(): IngestStats {
    const round = (value: number) => Math.round(value * 100) / 100;
    return {
      pending: this.pending,
      accepted: this.stats.accepted,
      dropped: this.stats.dropped,
      failed: this.stats.failed,
      flushes: this.stats.flushes,
      rowsWritten: this.stats.rowsWritten,
      lastFlushMs: round(this.stats.lastFlushMs),
      maxFlushMs: round(this.stats.maxFlushMs),
      averageFlushMs: round(this.stats.flushes ? this.stats.totalFlushMs / this.stats.flushes : 0),
    };
  }
}
