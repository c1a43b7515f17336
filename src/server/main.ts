import { buildApp } from './app.js';
import path from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { ensureDatabaseExists, migrateDatabase, openDatabase } from './db/client.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded.js';
import { createLogger } from './platform/logger.js';

const SHUTDOWN_GRACE_MS = 25_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const logger = createLogger(config);

  let embedded: EmbeddedPostgres | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, logger);
    await ensureDatabaseExists(embedded.url('postgres'), 'relais');
    databaseUrl = embedded.url('relais');
  }
  await migrateDatabase(databaseUrl);
  const database = openDatabase(databaseUrl, config.dbPoolSize);
  const app = await buildApp({ config, database, logger });

  let stopping = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'arrêt : fin des requêtes en cours');
    const force = setTimeout(() => {
      logger.error('arrêt forcé : les requêtes n’ont pas fini à temps');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      await database.close();
      await embedded?.stop();
      logger.info('arrêt terminé');
      process.exit(exitCode);
    } catch (error) {
      logger.error({ err: error }, 'arrêt : erreur');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // The last guard (decision 012): request paths handle their own errors; a promise nobody awaited that fails
  // is logged and the server goes on, while a thrown error that reached the top leaves the process in an
  // unknown state: it stops cleanly (the embedded database with it) for the supervisor to restart it.
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'promesse rejetée sans traitement');
  });
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'erreur non rattrapée : arrêt');
    void shutdown('uncaughtException', 1);
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    logger.error({ err: error }, 'le serveur n’a pas pu démarrer');
    await database.close();
    await embedded?.stop();
    process.exit(1);
  }
  logger.info(`Relais est prêt : ${config.publicUrl}`);
  await printReadyBlock(config, database, Boolean(embedded));
}

/** The few lines that matter at start, for a person at a terminal (the logs carry the same facts). */
async function printReadyBlock(
  config: AppConfig,
  database: ReturnType<typeof openDatabase>,
  embedded: boolean,
): Promise<void> {
  const { rows } = await database.pool
    .query<{ admins: number }>('select count(*)::int as admins from users where is_admin')
    .catch(() => ({ rows: [{ admins: -1 }] }));
  const smtpHost = config.smtpUrl ? new URL(config.smtpUrl).hostname : null;
  const lines = [
    '',
    `  Relais est prêt : ${config.publicUrl}`,
    `  Données         : ${config.dataDir}${embedded ? ' (PostgreSQL embarqué, fichiers déposés)' : ' (fichiers déposés ; base : DATABASE_URL)'}`,
    `  E-mails         : ${smtpHost ? `envoyés par SMTP (${smtpHost})` : `écrits dans ${path.join(config.dataDir, 'outbox')} (pas de SMTP_URL)`}`,
    rows[0]!.admins === 0
      ? `  Administrateur  : aucun encore ; créez le premier sur ${config.publicUrl}/admin/setup`
      : `  Administrateur  : ${rows[0]!.admins > 0 ? 'déjà créé' : 'inconnu'} (connexion sur ${config.publicUrl}/login)`,
    '  Arrêt           : Ctrl+C, ou SIGTERM au processus',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
