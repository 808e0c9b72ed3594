/**
 * An uploaded file's name made to say what its content is. PocketBase checks a file's sniffed content
 * against the field's accepted types, not against its name, so a PDF called "scan.png" is stored as
 * "scan_….png": staff would see a broken image and their system would open it with the wrong program.
 * The content is an accepted type (PocketBase refuses it otherwise), so the file is kept, not refused
 * (nothing the applicant sent is lost), under its content's extension.
 */

/**
 * The types forms accept (schemas' x-file.accept; a unit test holds that every one is here), told by
 * their first bytes: the extension each is stored under, and the extensions that mean it.
 */
const TYPES = [
  { mime: 'application/pdf', ext: 'pdf', names: ['pdf'], is: (b) => startsWith(b, 0, [0x25, 0x50, 0x44, 0x46, 0x2d]) }, // %PDF-
  { mime: 'image/png', ext: 'png', names: ['png'], is: (b) => startsWith(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mime: 'image/jpeg', ext: 'jpg', names: ['jpg', 'jpeg', 'jpe', 'jfif'], is: (b) => startsWith(b, 0, [0xff, 0xd8, 0xff]) },
  { mime: 'image/gif', ext: 'gif', names: ['gif'], is: (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a') },
  { mime: 'image/webp', ext: 'webp', names: ['webp'], is: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') },
  { mime: 'image/heic', ext: 'heic', names: ['heic', 'heif'], is: (b) => ascii(b, 4, 'ftyp') && HEIF_BRANDS.indexOf(text(b, 8, 4)) >= 0 },
  { mime: 'application/msword', ext: 'doc', names: ['doc'], is: (b) => startsWith(b, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) }, // OLE compound file
  {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ext: 'docx',
    names: ['docx'],
    is: (b) => startsWith(b, 0, [0x50, 0x4b, 0x03, 0x04]),
  }, // a ZIP container
];
const HEIF_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];
const HEAD = 16;

function startsWith(bytes, at, expected) {
  if (bytes.length < at + expected.length) return false;
  for (let i = 0; i < expected.length; i++) if (bytes[at + i] !== expected[i]) return false;
  return true;
}

function text(bytes, at, length) {
  let out = '';
  for (let i = at; i < at + length && i < bytes.length; i++) out += String.fromCharCode(bytes[i]);
  return out;
}

const ascii = (bytes, at, expected) => text(bytes, at, expected.length) === expected;

/** The type (an entry of TYPES) a file's first bytes show, or null when they show none we know. */
function typeOfContent(bytes) {
  for (const type of TYPES) if (type.is(bytes)) return type;
  return null;
}

/** The type (an entry of TYPES) a file name's extension claims, or null for an unknown or no extension. */
function typeOfName(name) {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  for (const type of TYPES) if (type.names.indexOf(ext) >= 0) return type;
  return null;
}

function head(file) {
  const reader = file.reader.open();
  try {
    const bytes = toBytes(reader, HEAD);
    const out = [];
    for (let i = 0; i < bytes.length; i++) out.push(bytes[i]);
    return out;
  } finally {
    reader.close();
  }
}

/** The extension a file is stored under when its content is of no type we know: one nothing opens or runs. */
const UNKNOWN_EXT = 'bin';

/**
 * The stored name of an unsaved file (filesystem.File) with its extension made its content's, whatever
 * its name claimed: an unknown or missing extension too (issue 29, finding 11: a GIF named "x.js" was
 * stored and served as JavaScript from the site's origin). Returns the new name, or '' when unchanged.
 * PocketBase keeps two extensions ("scan.pdf.png" is stored as "scan_….pdf.png"): when the one before
 * the last already names the content, the last is dropped ("scan_….pdf", not "scan_….pdf.pdf").
 */
function nameByContent(file) {
  const actual = typeOfContent(head(file));
  const claimed = typeOfName(file.name);
  if (actual && actual === claimed) return '';
  const dot = file.name.lastIndexOf('.');
  const stem = dot > 0 ? file.name.slice(0, dot) : file.name;
  if (!actual) {
    // PocketBase refused content no form accepts, and every type a form accepts is in TYPES (a unit test holds it).
    file.name = `${stem}.${UNKNOWN_EXT}`;
    return file.name;
  }
  file.name = typeOfName(stem) === actual ? stem : `${stem}.${actual.ext}`;
  return file.name;
}

module.exports = { TYPES, nameByContent, typeOfContent, typeOfName };
