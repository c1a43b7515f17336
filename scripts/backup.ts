/**
 * `npm run backup [-- FOLDER | FILE.tar.gz]`: one file holding the database and the uploaded files (decision 024),
 * written in ./backups unless told. Works on the embedded database, running or not, and on DATABASE_URL.
 */
import { ConfigError, loadConfig } from '../src/server/config.js';
import { formatFileSize } from '../src/core/rules/text.js';
import { BackupError, backupRelais, describeCounts } from '../src/server/db/backup.js';

const log = {
  info: (message: string) => console.log(message),
  warn: (message: string) => console.warn(message),
};
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    // exit() runs the exit hooks: an embedded server started for the backup is stopped with it.
    console.error(
      'Sauvegarde interrompue : aucun fichier complet écrit (un « .partial » peut rester, à supprimer).',
    );
    process.exit(130);
  });

try {
  const config = loadConfig();
  const { file, bytes, manifest } = await backupRelais({ config, output: process.argv[2] ?? 'backups', log });
  const server = `PostgreSQL ${manifest.source.serverVersion.split(' ')[0]}`;
  console.log(
    [
      `Sauvegarde écrite : ${file} (${formatFileSize(bytes)})`,
      `  Base     : ${describeCounts(manifest.counts)} ; ${manifest.migrations.length} migrations ` +
        `(${server}, ${manifest.source.database === 'embedded' ? 'embarqué' : 'DATABASE_URL'})`,
      manifest.uploads.included
        ? `  Fichiers : ${manifest.uploads.files} fichier(s) déposé(s) inclus (${formatFileSize(manifest.uploads.bytes)})`
        : `  Fichiers : NON inclus, ils sont dans le compartiment S3 « ${manifest.source.bucket} » : ` +
          'sauvegardez-le avec les outils de l’hébergeur (versionnage, réplication).',
      '  Copiez ce fichier hors de cette machine : une sauvegarde sur le même disque ne protège pas de sa perte.',
    ].join('\n'),
  );
} catch (error) {
  const known = error instanceof BackupError || error instanceof ConfigError;
  console.error(known ? error.message : `Échec de la sauvegarde : ${(error as Error).message}`);
  process.exit(1);
}
