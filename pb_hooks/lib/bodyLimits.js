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

function tooLarge() {
  return new ApiError(413, 'The form is larger than this form allows. Please check the files and the length of your answers.', {});
}

/**
 * Refuses (411, 413) a body of unknown length, one longer than any form of the service sends, or one
 * whose parts other than files hold more than the text cap: told from the body's length less the sizes
 * of the files sent (lib/sentRequest.js, none for a body without parts), so no value is copied into JS
 * to measure it.
 */
function refuseOversized(e, limits) {
  const length = (e.request || e.requestEvent.request).contentLength;
  if (length < 0) throw new ApiError(411, 'The form must be sent with its length.', {});
  if (length > limits.text + limits.files) throw tooLarge();
  const files = require(`${__hooks}/lib/sentRequest.js`).files(e);
  let fileBytes = 0;
  for (const key of Object.keys(files)) for (const file of files[key]) fileBytes += file.size;
  if (length - fileBytes > limits.text) throw tooLarge();
}

module.exports = { refuseOversized };
