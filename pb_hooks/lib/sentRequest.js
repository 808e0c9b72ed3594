/**
 * A request's fields and files as the client sent them, before PocketBase's record binding coerced them:
 * by the time a record hook runs, an object or a list sent for a one-value field has become "" or its
 * last element, a hidden column's value is gone, and a single-file field given two files keeps one.
 * Submissions are checked against what was sent (lib/submission.js), so none of that is silently lost.
 */

/** PocketBase's multipart key whose JSON text is merged into the other fields (router.UnmarshalRequestData). */
const JSON_PAYLOAD = '@jsonPayload';

/** The HTTP request of a request event (a record request event has it through its embedded RequestEvent). */
function requestOf(e) {
  return e.request || e.requestEvent.request;
}

function contentType(request) {
  return String(request.header.get('Content-Type') || '').toLowerCase();
}

/** A Go map of lists (url.Values, multipart's File) as plain JS data, through its JSON (one call into Go). */
function plain(goMap) {
  return goMap ? JSON.parse(toString(goMap)) || {} : {};
}

/** Reads of a whole body; the body limit (PocketBase's, checked before any hook) bounds what there is to read. */
const WHOLE = 1 << 30;

/**
 * The body from its start, through the reader that keeps a copy (router.RereadableReadCloser) and not
 * through the body limit's wrapper around it, which counts every byte read, re-reads too: reading a
 * body again through it would refuse any body over half the limit as too large.
 */
function rewound(request) {
  const body = request.body;
  body.reread();
  const inner = body.readCloser;
  return inner && typeof inner.reread === 'function' ? inner : body;
}

/**
 * The sent fields as a prototype-less object of raw values: a JSON body's own values; a form body's
 * strings, a key sent more than once as the list of its values. Empty for a body that is neither; null
 * for a JSON body that is not one JSON value as a whole (PocketBase reads its first value and ignores
 * the rest, so what it bound may not be what was sent).
 */
function fields(e) {
  const request = requestOf(e);
  const type = contentType(request);
  const out = Object.create(null);
  if (type.indexOf('application/json') === 0) {
    let parsed;
    try {
      parsed = JSON.parse(toString(rewound(request), WHOLE) || 'null');
    } catch (_) {
      return null;
    }
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const key of Object.keys(parsed)) out[key] = parsed[key];
    }
    return out;
  }
  const form = type.indexOf('multipart/form-data') === 0 ? request.multipartForm : null;
  const values = plain(form ? form.value : request.postForm);
  for (const key of Object.keys(values)) {
    if (key === JSON_PAYLOAD) continue;
    out[key] = values[key].length === 1 ? values[key][0] : values[key];
  }
  for (const payload of values[JSON_PAYLOAD] || []) {
    let parsed = null;
    try {
      parsed = JSON.parse(payload);
    } catch (_) {
      parsed = null; // PocketBase refused it already
    }
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const key of Object.keys(parsed)) out[key] = parsed[key];
    }
  }
  return out;
}

/** The sent files by field name: each a list of { filename, size } as the multipart body named them. */
function files(e) {
  const request = requestOf(e);
  const form = contentType(request).indexOf('multipart/form-data') === 0 ? request.multipartForm : null;
  // multipart.FileHeader as JSON: { Filename, Header, Size }.
  const byKey = plain(form ? form.file : null);
  const out = Object.create(null);
  for (const key of Object.keys(byKey)) out[key] = byKey[key].map((header) => ({ filename: String(header.Filename), size: Number(header.Size) }));
  return out;
}

const CHUNK = 1 << 16;

/**
 * Whether a multipart body ends as one must, with its closing delimiter ("--boundary--", RFC 2046);
 * true for any other body. Go's parser reads a body cut off inside a part's headers as a form that
 * ends there, so without this the parts before the cut would be saved and the rest silently lost.
 */
function complete(e) {
  const request = requestOf(e);
  const header = String(request.header.get('Content-Type') || '');
  if (contentType(request).indexOf('multipart/form-data') !== 0) return true;
  // mime.ParseMediaType's forms: a token, or a quoted string with backslash escapes.
  const boundary = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  if (!boundary) return true; // PocketBase refused such a body before any hook
  const close = '--' + (boundary[1] !== undefined ? boundary[1].replace(/\\(.)/g, '$1') : boundary[2]) + '--';
  // From the start again: the parser may have stopped short of the end, and what it read is kept.
  const body = rewound(request);
  // Only the end matters, but the delimiter may straddle two chunks.
  let before = null;
  let last = null;
  for (;;) {
    const bytes = toBytes(body, CHUNK);
    if (bytes.length === 0) break;
    before = last;
    last = bytes;
    if (bytes.length < CHUNK) break;
  }
  const tail = (before ? toString(before) : '') + (last ? toString(last) : '');
  return tail.indexOf(close) >= 0;
}

module.exports = { fields, files, complete };
