/**
 * `npm run restore -- FILE`: a backup from `npm run backup` into an empty DATA_DIR (embedded database) or an empty
 * database (DATABASE_URL). Refuses anything that is not empty (decision 024).
 */
import { ConfigError, loadConfig } from '../src/server/config.js';
import { BackupError, describeCounts } from '../src/server/db/backup.js';
import { restoreRelais } from '../src/server/db/restore.js';

const log = {
  info: (message: string) => console.log(message),
  warn: (message: string) => console.warn(message),
};
const file = process.argv[2];
if (!file) {
  console.error(
    'Usage : npm run restore -- FICHIER.tar.gz   (dans un DATA_DIR vide, ou une base DATABASE_URL vide)',
  );
  process.exit(1);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    // exit() runs the exit hooks: the embedded server of the folder being built is stopped with it.
    console.error(
      'Restauration interrompue : DATA_DIR n’a pas été créé et une base DATABASE_URL est restée vide ; ' +
        'un dossier « .relais-restauration-… » peut rester à côté de DATA_DIR, à supprimer.',
    );
    process.exit(130);
  });

try {
  const config = loadConfig();
  const { target, files, manifest } = await restoreRelais({ file, config, log });
  console.log(
    [
      `Restauration terminée : ${target === 'DATABASE_URL' ? 'base de DATABASE_URL' : target}`,
      `  Base     : ${describeCounts(manifest.counts)} (sauvegarde du ${manifest.createdAt})`,
      manifest.uploads.included
        ? `  Fichiers : ${files.written} restauré(s)` +
          (files.alreadyThere ? `, ${files.alreadyThere} déjà dans le compartiment` : '')
        : `  Fichiers : absents de la sauvegarde (compartiment S3 « ${manifest.source.bucket} ») : ` +
          'configurez S3_* vers ce compartiment.',
      `  Démarrer : ${config.databaseUrl ? '' : `DATA_DIR=${target} `}npm start`,
    ].join('\n'),
  );
} catch (error) {
  const known = error instanceof BackupError || error instanceof ConfigError;
  console.error(known ? error.message : `Échec de la restauration : ${(error as Error).message}`);
  process.exit(1);
}
