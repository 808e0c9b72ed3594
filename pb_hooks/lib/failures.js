/**
 * The cause of every server-side failure, as one JSON line (lib/log.js) on the server's output. An error
 * that is not an ApiError (a hook's exception, a database error) reaches the client only as PocketBase's
 * generic "Something went wrong while processing your request."; the cause is in PocketBase's request log
 * (auxiliary.db, dashboard → Logs), which pb_hooks/failures.pb.js reads as each entry is written.
 *
 * Read from the log rather than by a router middleware around every request: a JS middleware keeps one of
 * the hooks' pooled runtimes for the request's whole life (a realtime connection: hours).
 *
 * PocketBase's activity logger (apis.logRequest) writes a failed request at level ERROR with `error` (the
 * ApiError's message, or the whole error's text) and, for an ApiError only, `details`. A failure here:
 * no `details` (not an ApiError), or a status of 500 or more. The line has the method, the path (without
 * the query, which may carry tokens), the status and the cause; never the request's values.
 */
const ERROR_LEVEL = 8; // slog.LevelError

/**
 * The status PocketBase answers an error that is not an ApiError with (router.ToApiError): 404 for a
 * missing row or file, else 400; the log may hold 0 (written before the answer).
 */
function answeredStatus(status, cause) {
  if (status > 0) return status;
  return /no rows in result set|file does not exist/.test(cause) ? 404 : 400;
}

/** The failure a request-log entry records, or null. */
function failureOf(level, data) {
  if (level < ERROR_LEVEL || !data || data.type !== 'request' || data.error === undefined) return null;
  const status = Number(data.status) || 0;
  const apiError = data.details !== undefined;
  if (apiError && status < 500) return null;
  const cause = String(data.error);
  return {
    method: String(data.method || ''),
    // A file's address ends with its stored name, which is the applicant's own file name.
    route: String(data.url || '').split('?')[0].replace(/^(\/api\/files\/[^/]+\/[^/]+)\/.+$/, '$1/[file]'),
    status: answeredStatus(status, cause),
    error: apiError && data.details ? cause + ': ' + String(data.details) : cause,
  };
}

/** Writes the failure line for a log entry about to be stored (a no-op for any other entry). */
function report(log) {
  if (log.level < ERROR_LEVEL) return;
  // The entry's data is a Go map type (types.JSONMap) whose keys JS does not see as properties: read as JSON.
  const failure = failureOf(log.level, JSON.parse(JSON.stringify(log.data)));
  if (failure) require(`${__hooks}/lib/log.js`).error('failure', failure);
}

module.exports = { report, failureOf };
