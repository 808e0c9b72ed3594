/**
 * The figures an operator watches (GET /api/formwork/metrics in Prometheus' text format, GET
 * /api/formwork/status as JSON for the staff status page): submissions per service, the e-mail outbox,
 * the last backup, replication and retention run, request latency, and warnings. docs/operations.md,
 * "Monitoring".
 *
 * Each figure is read when asked (a scrape a minute costs a few indexed counts), except:
 * - submissions since start: a counter per service in $app.store(), shared by every JS runtime, counted
 *   by a record hook (metrics.pb.js);
 * - the last backup and replication: each lists a bucket or folder, so the answer is kept 30 s;
 * - request latency: read from PocketBase's own request log (its activity logger times every request and
 *   writes `execTime` to `_logs`), the last five minutes, at most MAX_SAMPLES of them. Nothing is kept in
 *   memory, and no JS runs per request: a JS middleware would hold one of the hooks' runtimes for each
 *   request's whole life (an open realtime connection for hours), taking them from the submissions.
 *   With PocketBase's request log off (Settings → Logs, 0 days) there are no latency figures.
 */
const config = require(`${__hooks}/generated/services.js`);
const { env } = require(`${__hooks}/lib/env.js`);

const STORE_PREFIX = 'formwork.metrics.';
const CACHE_MS = 30 * 1000;
const LATENCY_WINDOW_S = 300;
const MAX_SAMPLES = 50000;
const QUANTILES = [0.5, 0.9, 0.95, 0.99];
/** Litestream snapshots at least daily (deploy/litestream.yml): older than this, it has stopped. */
const REPLICATION_STALE_HOURS = 25;
const RUNS_FILE = 'formwork-runs.json';

const pbDate = (ms) => new Date(ms).toISOString().replace('T', ' ');
const msOf = (text) => (text ? new Date(String(text).replace(' ', 'T')).getTime() : 0);

/** A whole number of at least `min` from the environment, else `fallback`. */
function setting(name, fallback, min) {
  const n = Number(String(env(name, String(fallback))).trim());
  return isFinite(n) && n >= min ? n : fallback;
}

function thresholds() {
  return {
    mailMinutes: setting('FORMWORK_WARN_MAIL_MINUTES', 60, 0),
    backupHours: setting('FORMWORK_WARN_BACKUP_HOURS', 24, 0),
  };
}

/** Counts one new record of a service's list (a submission; an import or a restore from the trash too). */
function countSubmission(app, collection) {
  app.store().setFunc(STORE_PREFIX + 'submitted.' + collection, (old) => (Number(old) || 0) + 1);
}

/**
 * `compute()` at most every CACHE_MS, shared by the runtimes through the store (as text: a JS value put in
 * the store by one runtime is not safe to read in another).
 */
function cached(app, key, compute) {
  const storeKey = STORE_PREFIX + 'cache.' + key;
  const hit = String(app.store().get(storeKey) || '');
  const at = Number(hit.split(':')[0]);
  if (hit && Date.now() - at < CACHE_MS) return Number(hit.split(':')[1]);
  const value = compute();
  app.store().set(storeKey, Date.now() + ':' + value);
  return value;
}

/** Drops a kept answer of cached(), so the next call computes it (after a backup). */
function forget(app, key) {
  app.store().remove(STORE_PREFIX + 'cache.' + key);
}

/** When a job last finished a run that changed data (ms; 0 never), kept beside the database so a restart keeps it. */
function lastRun(app, job) {
  try {
    const runs = JSON.parse(toString($os.readFile(app.dataDir() + '/' + RUNS_FILE)));
    return msOf(runs[job]);
  } catch (_) {
    return 0; // no run recorded yet
  }
}

/** Records that `job` ran now (the retention job, daily or by an admin). Written whole, then renamed over the old file. */
function markRun(app, job) {
  const path = app.dataDir() + '/' + RUNS_FILE;
  let runs;
  try {
    runs = JSON.parse(toString($os.readFile(path)));
  } catch (_) {
    runs = {}; // the first run recorded
  }
  runs[job] = pbDate(Date.now());
  // Owner-only, like the rest of the data dir (the types call a file mode an object; it is a number).
  $os.writeFile(path + '.tmp', JSON.stringify(runs), /** @type {any} */ (0o600));
  $os.rename(path + '.tmp', path);
}

function submissions(app, now) {
  const hourAgo = pbDate(now - 3600 * 1000);
  return Object.keys(config.services).map((collection) => ({
    service: config.services[collection].id,
    collection,
    lastHour: app.countRecords(collection, $dbx.exp('created >= {:since}', { since: hourAgo })),
    sinceStart: Number(app.store().get(STORE_PREFIX + 'submitted.' + collection)) || 0,
  }));
}

function outbox(app, now, mailMinutes) {
  const box = config.outboxCollection;
  const pending = app.countRecords(box, $dbx.hashExp({ status: 'pending' }));
  const failed = app.countRecords(box, $dbx.hashExp({ status: 'failed' }));
  const oldest = pending ? app.findRecordsByFilter(box, "status = 'pending'", 'created', 1, 0) : [];
  // Failed and left so (not sent again) for longer than the threshold: nobody has acted on it.
  const failedLeft = failed ? app.countRecords(box, $dbx.exp("status = 'failed' AND updated <= {:before}", { before: pbDate(now - mailMinutes * 60000) })) : 0;
  return {
    pending,
    failed,
    failedLeft,
    oldestPendingSeconds: oldest.length ? Math.max(0, Math.round((now - msOf(oldest[0].getString('created'))) / 1000)) : 0,
  };
}

/** Request latency over the last LATENCY_WINDOW_S from PocketBase's request log; null when it keeps none. */
function latency(app, now) {
  if (app.settings().logs.maxDays === 0) return null;
  const since = now - LATENCY_WINDOW_S * 1000;
  // The hour expression is the one PocketBase indexes (idx_logs_created_hour): it bounds the scan to the
  // last hour or two of the log whatever its size. Realtime connections last minutes by design: left out.
  const window =
    "SELECT json_extract(data, '$.execTime') AS t FROM _logs" +
    " WHERE strftime('%Y-%m-%d %H:00:00', created) >= {:hour} AND created >= {:since}" +
    " AND json_extract(data, '$.type') = 'request' AND json_extract(data, '$.url') NOT LIKE '/api/realtime%'" +
    ' ORDER BY created DESC LIMIT ' + MAX_SAMPLES;
  const params = { hour: pbDate(since).slice(0, 13) + ':00:00', since: pbDate(since) };
  // -0 makes a float field of a DynamicModel (0 an integer one): execTime is a float of ms.
  const total = new DynamicModel({ n: 0, sum: -0 });
  app.auxDB().newQuery('SELECT COUNT(*) AS n, COALESCE(SUM(t), 0) AS sum FROM (' + window + ')').bind(params).one(total);
  const result = { windowSeconds: LATENCY_WINDOW_S, count: total.n, sumSeconds: total.sum / 1000, quantiles: {} };
  for (const q of QUANTILES) {
    if (!total.n) break;
    const at = new DynamicModel({ t: -0 });
    const offset = Math.min(total.n - 1, Math.max(0, Math.ceil(q * total.n) - 1));
    app.auxDB().newQuery('SELECT t FROM (' + window + ') ORDER BY t LIMIT 1 OFFSET ' + offset).bind(params).one(at);
    result.quantiles[String(q)] = at.t / 1000;
  }
  return result;
}

function replication(app) {
  const lib = require(`${__hooks}/lib/replication.js`);
  const on = lib.configured(app);
  return { configured: on, last: on ? cached(app, 'replication', () => lib.lastReplicatedAt(app)) : 0 };
}

/**
 * Everything the endpoints show, computed now. Times in ms since the epoch (0: never); `warnings` lists
 * every kind with whether it is raised.
 */
function snapshot(app) {
  const now = Date.now();
  const limits = thresholds();
  const mail = outbox(app, now, limits.mailMinutes);
  const lastBackup = cached(app, 'backup', () => require(`${__hooks}/lib/backups.js`).lastBackupAt(app));
  const repl = replication(app);
  const warnings = [
    { kind: 'mail_failed', raised: mail.failedLeft > 0, count: mail.failedLeft, minutes: limits.mailMinutes },
    { kind: 'backup_stale', raised: now - lastBackup > limits.backupHours * 3600 * 1000, last: lastBackup, hours: limits.backupHours },
    { kind: 'replication_stale', raised: repl.configured && now - repl.last > REPLICATION_STALE_HOURS * 3600 * 1000, last: repl.last, hours: REPLICATION_STALE_HOURS },
  ];
  return {
    at: now,
    submissions: submissions(app, now),
    outbox: mail,
    backup: { last: lastBackup },
    replication: repl,
    retention: { last: lastRun(app, 'retention'), schedule: require(`${__hooks}/lib/retention.js`).schedule() || 'off' },
    latency: latency(app, now),
    warnings,
  };
}

/** A label value in the text format: backslash, quote and newline escaped. */
const label = (v) => String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/** The snapshot in Prometheus' text exposition format 0.0.4. */
function prometheus(s) {
  const out = [];
  const metric = (name, type, help, samples) => {
    out.push('# HELP ' + name + ' ' + help, '# TYPE ' + name + ' ' + type);
    for (const [labels, value] of samples) {
      const names = Object.keys(labels);
      const text = names.length ? '{' + names.map((k) => k + '="' + label(labels[k]) + '"').join(',') + '}' : '';
      out.push(name + text + ' ' + value);
    }
  };
  const seconds = (ms) => (ms ? Math.floor(ms / 1000) : 0);
  metric('formwork_submissions_total', 'counter', 'Applications stored per service since the server started.', s.submissions.map((x) => [{ service: x.service, collection: x.collection }, x.sinceStart]));
  metric('formwork_submissions_last_hour', 'gauge', 'Applications stored per service in the last hour.', s.submissions.map((x) => [{ service: x.service, collection: x.collection }, x.lastHour]));
  metric('formwork_outbox_pending', 'gauge', 'E-mails waiting to be sent.', [[{}, s.outbox.pending]]);
  metric('formwork_outbox_failed', 'gauge', 'E-mails that failed after their last attempt and were not sent again.', [[{}, s.outbox.failed]]);
  metric('formwork_outbox_oldest_pending_age_seconds', 'gauge', 'Age of the oldest e-mail still waiting (0 when none).', [[{}, s.outbox.oldestPendingSeconds]]);
  metric('formwork_last_backup_timestamp_seconds', 'gauge', 'When the newest backup was written (Unix time; 0 when there is none).', [[{}, seconds(s.backup.last)]]);
  metric('formwork_replication_configured', 'gauge', '1 when Litestream replication of the database is configured.', [[{}, s.replication.configured ? 1 : 0]]);
  metric('formwork_last_replication_timestamp_seconds', 'gauge', 'When the database replica last received a change (Unix time; 0 when off or empty).', [[{}, seconds(s.replication.last)]]);
  metric('formwork_retention_last_run_timestamp_seconds', 'gauge', 'When the retention job last ran (Unix time; 0 when never).', [[{}, seconds(s.retention.last)]]);
  if (s.latency) {
    const q = s.latency.quantiles;
    metric(
      'formwork_request_duration_seconds',
      'summary',
      'Request time over the last ' + s.latency.windowSeconds + ' s, from PocketBase\'s request log (realtime connections left out); _sum and _count are of that window.',
      Object.keys(q).map((k) => [{ quantile: k }, q[k]]),
    );
    out.push('formwork_request_duration_seconds_sum ' + s.latency.sumSeconds, 'formwork_request_duration_seconds_count ' + s.latency.count);
  }
  metric('formwork_warning', 'gauge', '1 when a warning is raised: mail_failed, backup_stale, replication_stale.', s.warnings.map((w) => [{ kind: w.kind }, w.raised ? 1 : 0]));
  return out.join('\n') + '\n';
}

/**
 * Who may read the figures: Prometheus with `Authorization: Bearer <FORMWORK_METRICS_TOKEN>`, or a
 * signed-in staff admin. A viewer is refused (403), anyone else 401.
 */
function authorize(e) {
  const token = env('FORMWORK_METRICS_TOKEN', '');
  const header = String(e.request.header.get('Authorization') || '');
  const given = /^Bearer\s+/i.test(header) ? header.replace(/^Bearer\s+/i, '') : '';
  if (token && given && $security.equal(given, token)) return;
  const staff = require(`${__hooks}/lib/access.js`).staffOf(e);
  if (staff && staff.getString('role') === 'admin') return;
  if (staff) throw new ForbiddenError('Only an admin may see the server status.');
  e.response.header().set('WWW-Authenticate', 'Bearer');
  throw new UnauthorizedError('A metrics token or an admin session is needed.');
}

module.exports = { snapshot, prometheus, authorize, countSubmission, markRun, lastRun, forget };
