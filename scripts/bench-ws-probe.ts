import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/**
 * Where a phase of npm run bench:ws spends its time, measured from outside the servers: the statements PostgreSQL
 * ran (pg_stat_statements, loaded at start-up by the bench), the CPU each process used, and how busy each server's
 * pool was (pg_stat_activity sampled every 50 ms; a server's pool connections carry its PGAPPNAME). A pool whose
 * connections are all busy in most samples is one requests wait for.
 */
export interface PhaseCost {
  /** Statements per unit (message, socket open…), all connections together. */
  statementsPerUnit: number;
  /** The costliest statements by total time: calls per unit, mean ms, text. */
  top: Array<{ perUnit: number; mean: number; query: string }>;
  /** CPU milliseconds per unit, per process name (servers, PostgreSQL). */
  cpuPerUnit: Record<string, number>;
  /** Per server: mean busy pool connections, and the share of samples where all were busy. */
  pools: Record<string, { busy: number; full: number }>;
}

const TICKS_PER_SECOND = 100;

/** CPU seconds a process has used (user + system), and with `children` those of its reaped children too. */
function cpuSeconds(pid: number, children = false): number {
  try {
    // Fields after the command (which may hold spaces) start at field 3.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (children ? own + Number(fields[13]) + Number(fields[14]) : own) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function parentOf(pid: string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
}

/** PostgreSQL's CPU: the postmaster, its live backends, and the backends that have exited (reaped by it). */
export function postgresCpu(postmaster: number): number {
  let total = cpuSeconds(postmaster, true);
  try {
    for (const entry of readdirSync('/proc'))
      if (/^\d+$/.test(entry) && parentOf(entry) === postmaster) total += cpuSeconds(Number(entry));
  } catch {
    // out of file descriptors for a moment: the postmaster's figure alone
  }
  return total;
}

export function createProbe(
  url: string,
  postmaster: number,
  /**
   * The processes by name: their pid now (a restarted server has a new one); for a server, its PGAPPNAME and pool
   * size.
   */
  servers: Record<string, { pid: () => number; pool?: { appName: string; size: number } }>,
) {
  const sampler = new pg.Client({ connectionString: url, application_name: 'bench-probe' });
  let connected: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let samples: Array<Map<string, number>> = [];
  let cpuAtStart: Record<string, number> = {};

  const cpuNow = () => ({
    ...Object.fromEntries(Object.entries(servers).map(([name, server]) => [name, cpuSeconds(server.pid())])),
    postgres: postgresCpu(postmaster),
  });

  const sample = async () => {
    const { rows } = await sampler.query<{ name: string; busy: number }>(
      `select application_name as name, count(*)::int as busy from pg_stat_activity
       where state is not null and state <> 'idle' and pid <> pg_backend_pid() group by 1`,
    );
    samples.push(new Map(rows.map((row) => [row.name, row.busy])));
  };

  return {
    async start() {
      connected ??= sampler.connect().then(() => undefined);
      await connected;
      await sampler.query('select pg_stat_statements_reset()');
      samples = [];
      cpuAtStart = cpuNow();
      timer = setInterval(() => void sample().catch(() => undefined), 50);
    },
    async stop(units: number): Promise<PhaseCost> {
      clearInterval(timer);
      const cpu = cpuNow();
      const { rows } = await sampler.query<{ calls: number; total: number; mean: number; query: string }>(`
        select calls::int, total_exec_time::float8 as total, mean_exec_time::float8 as mean,
          regexp_replace(query, '\\s+', ' ', 'g') as query
        from pg_stat_statements
        where dbid = (select oid from pg_database where datname = current_database())
          and query not like '%pg_stat_%'
        order by total_exec_time desc`);
      const per = Math.max(1, units);
      const pools: PhaseCost['pools'] = {};
      for (const [name, { pool }] of Object.entries(servers)) {
        if (!pool) continue;
        const busy = samples.map((counts) => counts.get(pool.appName) ?? 0);
        pools[name] = {
          busy: busy.reduce((sum, value) => sum + value, 0) / Math.max(1, busy.length),
          full: busy.filter((value) => value >= pool.size).length / Math.max(1, busy.length),
        };
      }
      return {
        statementsPerUnit: rows.reduce((sum, row) => sum + row.calls, 0) / per,
        top: rows
          .slice(0, Number(process.env.BENCH_STATEMENTS ?? 6))
          .map((row) => ({ perUnit: row.calls / per, mean: row.mean, query: row.query })),
        cpuPerUnit: Object.fromEntries(
          Object.entries(cpu).map(([name, seconds]) => [
            name,
            ((seconds - (cpuAtStart[name] ?? 0)) * 1000) / per,
          ]),
        ),
        pools,
      };
    },
    async close() {
      clearInterval(timer);
      if (connected) await sampler.end();
    },
  };
}

/** The cost lines printed under a phase. */
export function describeCost(cost: PhaseCost, unit: string): string {
  const cpu = Object.entries(cost.cpuPerUnit)
    .map(([name, ms]) => `${name} ${ms.toFixed(2)}`)
    .join(', ');
  const pools = Object.entries(cost.pools)
    .map(([name, pool]) => `${name} ${pool.busy.toFixed(1)} busy, all busy ${(pool.full * 100).toFixed(0)}%`)
    .join('; ');
  return [
    `    per ${unit}: ${cost.statementsPerUnit.toFixed(2)} statements; CPU ms ${cpu}; pools: ${pools}`,
    ...cost.top.map(
      (statement) =>
        `      ${statement.perUnit.toFixed(2)} × ${statement.mean.toFixed(3)} ms  ${statement.query.slice(0, Number(process.env.BENCH_STATEMENT_CHARS ?? 120))}`,
    ),
  ].join('\n');
}
