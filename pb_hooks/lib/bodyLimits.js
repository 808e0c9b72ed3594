/**
 * The caps of a submission's body (generator/transform/bodyLimits.ts, issue 29 finding 4), checked first
 * in a service's create hook (submissions.pb.js), before any JS reads a value sent: a 30 MB text field
 * kept the hooks busy for ~40 s of CPU. The hook is bound to the collection, so no spelling of its name
 * or id in the address escapes it.
 *
 * PocketBase has parsed the body by then (in Go, its own cap being 32 MB plus the file fields' limits).
 * Refusing it before it is read would need a middleware in JS on every request, which holds one of the
 * hooks' runtimes for the life of each request, realtime streams and downloads included: a cheap way to
 * exhaust the pool. The one submit route of issue 30 can bind a cap of its own instead.
 */

const isMultipart = (request) => String(request.header.get('Content-Type') || '').toLowerCase().indexOf('multipart/form-data') === 0;

function tooLarge() {
  return new ApiError(413, 'The form is larger than this form allows. Please check the files and the length of your answers.', {});
}

/**
 * Refuses (411, 413) a body of unknown length, one longer than any form of the service sends, or a
 * multipart body whose parts other than files hold more than the text cap: told from the body's length
 * less the files' sizes, so no value is copied into JS to measure it.
 */
function refuseOversized(request, limits) {
  const length = request.contentLength;
  if (length < 0) throw new ApiError(411, 'The form must be sent with its length.', {});
  const multipart = isMultipart(request);
  if (length > limits.text + (multipart ? limits.files : 0)) throw tooLarge();
  if (!multipart || !request.multipartForm) return;
  let files = 0;
  const parts = JSON.parse(toString(request.multipartForm.file) || '{}') || {};
  for (const key of Object.keys(parts)) for (const part of parts[key] || []) files += Number(part.Size) || 0;
  if (length - files > limits.text) throw tooLarge();
}

module.exports = { refuseOversized };
