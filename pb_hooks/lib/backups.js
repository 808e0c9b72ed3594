/**
 * Scheduled backups with PocketBase's own backup cron (dashboard: Settings → Backups), set from the
 * environment at every start; the environment owns these settings, so a change made in the dashboard
 * lasts until the next start. A backup is a zip of pb_data (SQLite databases and uploaded files),
 * kept in pb_data/backups, or in an S3 bucket when FORMWORK_BACKUP_S3_BUCKET is set.
 * See docs/operations.md for the restore procedure.
 */
const { env } = require(`${__hooks}/lib/env.js`);

const DEFAULT_CRON = '0 3 * * *'; // daily at 03:00 UTC (PocketBase's scheduler runs in UTC)
const DEFAULT_KEEP = '7';

/** The backups settings the environment asks for; throws on a value that would not give backups. */
function wanted() {
  const rawCron = String(env('FORMWORK_BACKUP_CRON', DEFAULT_CRON)).trim();
  const cron = rawCron.toLowerCase() === 'off' ? '' : rawCron;
  const rawKeep = String(env('FORMWORK_BACKUP_KEEP', DEFAULT_KEEP)).trim();
  if (!/^[0-9]+$/.test(rawKeep) || Number(rawKeep) < 1) {
    throw new Error(`FORMWORK_BACKUP_KEEP must be a whole number of at least 1 (got "${rawKeep}").`);
  }
  const bucket = env('FORMWORK_BACKUP_S3_BUCKET', '');
  const s3 = bucket
    ? {
        enabled: true,
        bucket: bucket,
        region: env('FORMWORK_BACKUP_S3_REGION', ''),
        endpoint: env('FORMWORK_BACKUP_S3_ENDPOINT', ''),
        accessKey: env('FORMWORK_BACKUP_S3_ACCESS_KEY', ''),
        secret: env('FORMWORK_BACKUP_S3_SECRET', ''),
        forcePathStyle: env('FORMWORK_BACKUP_S3_FORCE_PATH_STYLE', 'false') === 'true',
      }
    : { enabled: false };
  return { cron: cron, cronMaxKeep: Number(rawKeep), s3: s3 };
}

/** Whether the stored settings already say what `want` says (S3 details only matter when S3 is on). */
function matches(current, want) {
  if (current.cron !== want.cron || current.cronMaxKeep !== want.cronMaxKeep) return false;
  if (current.s3.enabled !== want.s3.enabled) return false;
  if (!want.s3.enabled) return true;
  return ['bucket', 'region', 'endpoint', 'accessKey', 'secret', 'forcePathStyle'].every((k) => current.s3[k] === want.s3[k]);
}

/** Applies the environment's backup settings (saving only on a change) and logs what is in force. */
function configure(app) {
  const want = wanted();
  const changed = !matches(app.settings().backups, want);
  if (changed) {
    // A copy: if PocketBase refuses a value (an invalid cron), the running settings stay as they were.
    const settings = app.settings().clone();
    unmarshal({ backups: want }, settings);
    try {
      app.save(settings);
    } catch (err) {
      throw new Error(`PocketBase refused the backup settings from the environment (FORMWORK_BACKUP_*): ${err}`, { cause: err });
    }
  }
  const where = want.s3.enabled ? `s3://${want.s3.bucket} (${want.s3.endpoint})` : 'pb_data/backups';
  app.logger().info('backups', 'cron', want.cron || 'off', 'keep', want.cronMaxKeep, 'storage', where, 'changed', changed);
  return { cron: want.cron, cronMaxKeep: want.cronMaxKeep, storage: where, changed: changed };
}

/**
 * When the newest backup (scheduled or by hand) was written, in ms since the epoch (0 when there is none),
 * read from where backups are kept (pb_data/backups or the S3 bucket): what the metrics report.
 */
function lastBackupAt(app) {
  const fsys = app.newBackupsFilesystem();
  try {
    let newest = 0;
    for (const object of fsys.list('')) {
      if (/\.zip$/.test(String(object.key))) newest = Math.max(newest, object.modTime.unix());
    }
    return newest * 1000;
  } finally {
    fsys.close();
  }
}

module.exports = { configure, wanted, lastBackupAt };
