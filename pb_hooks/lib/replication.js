/**
 * Continuous replication of the database off the machine: Litestream (deploy/litestream.yml), started by
 * the release's start.sh around `pocketbase serve`, copies every change of pb_data/data.db to the uploads
 * bucket under FORMWORK_LITESTREAM_PATH. The server does not drive it; it only reads how current the
 * replica is, for the metrics and the status page. docs/operations.md, "Continuous replication".
 */
const { env } = require(`${__hooks}/lib/env.js`);

/** The replica's key prefix in the bucket (FORMWORK_LITESTREAM_PATH, no slashes around it); '' when off. */
function replicaPath() {
  return String(env('FORMWORK_LITESTREAM_PATH', '')).trim().replace(/^\/+|\/+$/g, '');
}

/** Whether replication is configured: a replica path, and the S3 storage it lives in. */
function configured(app) {
  return replicaPath() !== '' && (app || $app).settings().s3.enabled;
}

/**
 * When the replica last received anything, in ms since the epoch (0 when off or empty): the newest object
 * under the replica path. Litestream writes one within a second of each committed change (its
 * sync-interval) and a full snapshot daily, so on a healthy server this is never older than a day, and
 * never older than the last submission by more than a few seconds. Lists the bucket: call it per metrics
 * scrape (cached), not per request.
 */
function lastReplicatedAt(app) {
  if (!configured(app)) return 0;
  const fsys = app.newFilesystem();
  try {
    let newest = 0;
    for (const object of fsys.list(`${replicaPath()}/`)) newest = Math.max(newest, object.modTime.unix());
    return newest * 1000;
  } finally {
    fsys.close();
  }
}

module.exports = { configured, lastReplicatedAt, replicaPath };
