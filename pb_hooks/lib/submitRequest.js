/**
 * The body of a submission (POST /api/formwork/submit/{collection}, submissions.pb.js) as the client sent
 * it: its fields as a prototype-less object of raw values, and its files by the name they were sent under.
 *
 * Caps first (generator/transform/bodyLimits.ts, issue 29 finding 4): the route's $apis.bodyLimit refuses a
 * body longer than text + files by its Content-Length before anything is read (a 30 MB text field once
 * kept the hooks busy for ~40 s of CPU). Here, still before any value is copied into JS: a body of unknown
 * length (411), JSON longer than the text cap, and a multipart body whose parts other than files hold more
 * than the text cap, told from its length less the sizes of the files Go parsed (413).
 *
 * Multipart and url-encoded bodies are read through PocketBase's request API (e.requestInfo(),
 * e.findUploadedFiles()); a list sent for a one-value field stays a list, an object in `@jsonPayload` an
 * object, and a file under a name the form does not have is seen, so the schema refuses them all. A JSON
 * body is parsed here as a whole: PocketBase's binding reads its first value and ignores what follows.
 */

function tooLarge() {
  return new ApiError(413, 'The form is larger than this form allows. Please check the files and the length of your answers.', {});
}

function unreadable() {
  return new BadRequestError('The form could not be read. Please send it again.');
}

/** A plain object's own keys and values in a prototype-less copy: a sent "__proto__" is a key like any other. */
function ownCopy(source) {
  const out = Object.create(null);
  for (const key of Object.keys(source)) out[key] = source[key];
  return out;
}

function readJson(request, length, limits) {
  if (length > limits.text) throw tooLarge();
  let parsed;
  try {
    // The whole body, once (its length is known and capped): JSON.parse refuses text after the value.
    parsed = JSON.parse(toString(request.body, Math.max(length, 1)) || 'null');
  } catch (_) {
    throw new BadRequestError('The request body is not valid JSON.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BadRequestError('The form must be sent as one JSON object.');
  return { fields: ownCopy(parsed), files: Object.create(null) };
}

/**
 * `{ fields, files }` of the request `e` within `limits` ({ text, files } bytes): fields as sent (a key sent
 * more than once as the list of its values), files as lists of PocketBase's filesystem.File.
 */
function read(e, limits) {
  const request = e.request;
  const length = request.contentLength;
  if (length < 0) throw new ApiError(411, 'The form must be sent with its length.', {});
  const type = String(request.header.get('Content-Type') || '').toLowerCase();
  if (type.indexOf('application/json') === 0) return readJson(request, length, limits);
  let info;
  try {
    info = e.requestInfo(); // parses the body in Go (a malformed or unsupported one throws)
  } catch (err) {
    // Go's multipart.ErrMessageTooLarge: its values alone passed what Go holds in memory for a form.
    throw String(err).indexOf('message too large') >= 0 ? tooLarge() : unreadable();
  }
  const files = Object.create(null);
  let fileBytes = 0;
  const form = request.multipartForm; // set by that parse for a multipart body
  if (form && form.file) {
    for (const key of Object.keys(form.file)) {
      files[key] = e.findUploadedFiles(key);
      for (const file of files[key]) fileBytes += file.size;
    }
  }
  if (length - fileBytes > limits.text) throw tooLarge();
  // Into JS in one call (its JSON), only now that its size is known to be a form's.
  return { fields: ownCopy(JSON.parse(toString(info.body)) || {}), files };
}

module.exports = { read };
