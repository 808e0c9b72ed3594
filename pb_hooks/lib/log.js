/**
 * The hooks' operational log: one JSON object per line on the server's standard output (under the
 * release's systemd unit, journald: `journalctl -u formwork -o cat`), for a log shipper or `jq`.
 *
 *   log.info('outbox', { job: 'send', sent: 3, failed: 0 })
 *   → 2026/11/28 03:35:00 {"time":"2026-11-28T03:35:00.123Z","level":"info","event":"outbox","job":"send","sent":3,"failed":0}
 *
 * The only writer of standard output the JS hooks have is `console.log`, which PocketBase's runtime
 * (goja_nodejs) prefixes with Go's local "YYYY/MM/DD HH:MM:SS " stamp: the JSON object is the rest of the
 * line (`cut -d' ' -f3-`), and its `time` is the exact UTC time.
 *
 * What a line may carry is decided here, not by each caller: numbers and booleans under any key, text
 * only under the keys below (identifiers, names of routes and jobs, a reason) and cut short. So a name,
 * an e-mail address, an SSN, a file name or a token never reaches the log by a caller's slip: pass
 * counts and record ids, never values an applicant or a staff member typed.
 */
const TEXT_KEYS = ['requestId', 'method', 'route', 'collection', 'service', 'record', 'job', 'kind', 'reason', 'error', 'storage', 'cron'];
const MAX_TEXT = 300;
const LEVELS = ['debug', 'info', 'warn', 'error'];

/** The fields a line keeps (see above); anything else is dropped, and says so by its key in `dropped`. */
function clean(fields) {
  const out = {};
  const dropped = [];
  for (const key of Object.keys(fields || {})) {
    const value = fields[key];
    if (value === undefined || value === null) continue;
    if (typeof value === 'number') out[key] = isFinite(value) ? value : String(value);
    else if (typeof value === 'boolean') out[key] = value;
    else if (TEXT_KEYS.indexOf(key) >= 0) out[key] = String(value).slice(0, MAX_TEXT);
    else dropped.push(key);
  }
  if (dropped.length) out.dropped = dropped.join(',');
  return out;
}

/** One line: `level` (debug|info|warn|error), `event` (a short fixed name, e.g. "outbox"), `fields` as above. */
function write(level, event, fields) {
  const line = Object.assign({ time: new Date().toISOString(), level: LEVELS.indexOf(level) >= 0 ? level : 'info', event: String(event).slice(0, 60) }, clean(fields));
  console.log(JSON.stringify(line));
}

module.exports = {
  write,
  clean,
  debug: (event, fields) => write('debug', event, fields),
  info: (event, fields) => write('info', event, fields),
  warn: (event, fields) => write('warn', event, fields),
  error: (event, fields) => write('error', event, fields),
};
