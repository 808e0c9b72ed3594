/**
 * The caps of a submission's body (generator/transform/bodyLimits.ts, issue 29 finding 4): refused by its
 * length before it is read (pb_hooks/bodyLimits.pb.js), and by its text once PocketBase has parsed it
 * (lib/submission.js), in both cases before any JS touches a value sent.
 */
const config = require(`${__hooks}/generated/services.js`);

const CREATE_PATH = /^\/api\/collections\/([^/]+)\/records\/?$/;

/** The caps of each service collection, by name and by id (the record API takes either). */
function table() {
  const out = Object.create(null);
  for (const name of Object.keys(config.services)) {
    const service = config.services[name];
    out[name] = service.bodyLimits;
    out[service.collectionId] = service.bodyLimits;
  }
  return out;
}
let byCollection = null;

/** The caps of a record-create address of a service collection, or null for any other address. */
function limitsOfCreate(path) {
  const match = CREATE_PATH.exec(path);
  if (!match) return null;
  if (!byCollection) byCollection = table();
  return byCollection[match[1]] || null;
}

const isMultipart = (request) => String(request.header.get('Content-Type') || '').toLowerCase().indexOf('multipart/form-data') === 0;

function tooLarge() {
  return new ApiError(413, 'The form is larger than this form allows. Please check the files and the length of your answers.', {});
}

/** Refuses (411, 413) a body of unknown length, or longer than any form of the service sends. */
function refuseOversized(request, limits) {
  const length = request.contentLength;
  if (length < 0) throw new ApiError(411, 'The form must be sent with its length.', {});
  if (length > limits.text + (isMultipart(request) ? limits.files : 0)) throw tooLarge();
}

/**
 * After PocketBase parsed a multipart body: its parts other than files may hold no more than the text
 * cap. Told from the body's length less the files' sizes, so no value is copied into JS to measure it.
 */
function refuseOversizedText(request, limits) {
  if (!isMultipart(request) || !request.multipartForm) return;
  let files = 0;
  const parts = JSON.parse(toString(request.multipartForm.file) || '{}') || {};
  for (const key of Object.keys(parts)) for (const part of parts[key] || []) files += Number(part.Size) || 0;
  if (request.contentLength - files > limits.text) throw tooLarge();
}

module.exports = { limitsOfCreate, refuseOversized, refuseOversizedText };
