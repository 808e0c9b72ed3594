/**
 * Valid and invalid submissions derived from a form's own schema, so every service, present or future,
 * is tested without a line of service-specific test code.
 */
import type { FormModule } from '../../src/engine/types.ts';
import { PDF_BYTES, PNG_BYTES } from './fixtures.ts';
import { sampleDate } from './dateSamples.ts';

type Prop = {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  examples?: unknown[];
  format?: string;
  maxLength?: number;
  minimum?: number;
  default?: unknown;
  items?: { type?: string; required?: string[]; properties?: Record<string, Prop> };
  minItems?: number;
  maxItems?: number;
};

/** A repeating group's row schema (an array of objects), or undefined. */
const rowSchema = (prop: Prop | undefined) => (prop?.type === 'array' && prop.items?.type === 'object' ? prop.items : undefined);

/** A row of a repeating group with every cell filled, typed as JSON holds it. */
export function sampleRow(prop: Prop): Record<string, unknown> {
  const cells = Object.entries(rowSchema(prop)?.properties ?? {}).map(([name, cell]) => [name, typedSample(cell, sampleValue(cell))]);
  return Object.fromEntries(cells);
}

const typedSample = (prop: Prop | undefined, value: string): unknown =>
  prop?.type === 'boolean' ? value === 'true' : prop?.type === 'number' || prop?.type === 'integer' ? Number(value) : value;

/** A repeating group's value as a form sends it in multipart: the JSON text of its rows. */
export const rowsText = (rows: unknown[]): string => JSON.stringify(rows);

export function sampleValue(prop: Prop): string {
  // A repeating group: as many rows as it needs (at least one), as JSON text.
  if (rowSchema(prop)) return rowsText(Array.from({ length: Math.max(1, prop.minItems ?? 0) }, () => sampleRow(prop)));
  // A date within its limits (formatMinimum/formatMaximum, x-date): the example, or the nearest day allowed.
  if (prop.format === 'date') return sampleDate(prop);
  if (prop.examples?.length) return String(prop.examples[0]);
  if (prop.const !== undefined) return String(prop.const);
  if (prop.default !== undefined) return String(prop.default);
  if (prop.enum?.length) return String(prop.enum[0]);
  if (prop.type === 'boolean') return 'true';
  // A number within its limits (an age from 18 on): the least one allowed, else 1.
  if (prop.type === 'number' || prop.type === 'integer') return String(prop.minimum ?? 1);
  if (prop.format === 'email') return 'applicant@example.com';
  return 'Sample text'.slice(0, prop.maxLength ?? 11);
}

export function fileFor(accept: string[], good: boolean): File {
  const imageOnly = accept.every((a) => a.startsWith('image/'));
  if (!good) return imageOnly ? new File([PDF_BYTES], 'not-an-image.png', { type: 'image/png' }) : new File(['MZ just text'], 'notes.txt', { type: 'text/plain' });
  return accept.includes('image/png') ? new File([PNG_BYTES], 'sample.png', { type: 'image/png' }) : new File([PDF_BYTES], 'sample.pdf', { type: 'application/pdf' });
}

export interface Submission {
  fields: Record<string, string>;
  files: Record<string, File>;
}

/** Every field of the variant filled with a valid value (optional ones too, to exercise them). */
export function validSubmission(form: FormModule): Submission {
  const fields: Record<string, string> = {};
  const files: Record<string, File> = {};
  for (const [name, prop] of Object.entries(form.schema.properties ?? {})) {
    const file = form.traits[name]?.file;
    if (file) files[name] = fileFor(file.accept, true);
    else fields[name] = sampleValue(prop as Prop);
  }
  return { fields, files };
}

export interface BadCase {
  what: string;
  field: string;
  change: (s: Submission) => Submission;
  /** Acceptable error codes for the field. */
  codes: string[];
}

/** One bad input per rule the schema states. */
export function badCases(form: FormModule): BadCase[] {
  const cases: BadCase[] = [];
  const props = (form.schema.properties ?? {}) as Record<string, Prop>;
  for (const field of (form.schema.required as string[] | undefined) ?? []) {
    cases.push({
      what: `without ${field}`,
      field,
      change: ({ fields, files }) => {
        const { [field]: _f, ...restFields } = fields;
        const { [field]: _g, ...restFiles } = files;
        return { fields: restFields, files: restFiles };
      },
      codes: ['required'],
    });
  }
  for (const [field, prop] of Object.entries(props)) {
    const file = form.traits[field]?.file;
    if (file) {
      cases.push({ what: `${field} of a type it does not accept`, field, change: (s) => ({ ...s, files: { ...s.files, [field]: fileFor(file.accept, false) } }), codes: ['validation_invalid_mime_type'] });
      continue;
    }
    if (prop.maxLength) {
      cases.push({ what: `${field} longer than ${prop.maxLength}`, field, change: (s) => ({ ...s, fields: { ...s.fields, [field]: '9'.repeat(prop.maxLength! + 1) } }), codes: ['maxLength', 'pattern', 'format'] });
    }
    if (prop.enum) {
      cases.push({ what: `${field} outside its options`, field, change: (s) => ({ ...s, fields: { ...s.fields, [field]: 'not-an-option' } }), codes: ['enum'] });
    }
  }
  cases.push({ what: 'a field the form does not have', field: 'cardNumber', change: (s) => ({ ...s, fields: { ...s.fields, cardNumber: '4242424242424242' } }), codes: ['additionalProperties'] });
  return cases;
}

// ---------------------------------------------------------------------------------------------------
// Bad inputs of every kind, generated from a form's schema and traits (tests/integration/bad-input.test.ts).
// ---------------------------------------------------------------------------------------------------

/** A GIF's first bytes: PocketBase sniffs content, and this is what it sees as image/gif. */
const GIF_BYTES = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAACAkQBADs=', 'base64');
/** Text that starts like a Windows executable ("MZ"): whatever its name says, it is not a document. */
const EXE_BYTES = Buffer.from('MZ\x90\x00\x03\x00\x00\x00This program cannot be run in DOS mode.\r\n');
const HTML_BYTES = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>\n');
const SVG_BYTES = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>\n');
const ZIP_BYTES = Buffer.from('504b0304140000000000000000000000000000000000000000000000000000', 'hex');

/** Content this suite can produce for an accepted type, with the extension that type goes by. */
const KNOWN_CONTENT: { mime: string; ext: string; bytes: Buffer<ArrayBuffer> }[] = [
  { mime: 'image/png', ext: 'png', bytes: PNG_BYTES },
  { mime: 'application/pdf', ext: 'pdf', bytes: PDF_BYTES },
  { mime: 'image/gif', ext: 'gif', bytes: GIF_BYTES },
];
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

const accepts = (accept: string[], mime: string) => accept.some((a) => (a.endsWith('/*') ? mime.startsWith(a.slice(0, -1)) : a === mime));

/** Free text: a string the schema constrains by length only (no options, pattern, format, file, secret). */
export function freeTextFields(form: FormModule): string[] {
  const props = (form.schema.properties ?? {}) as Record<string, Prop & { pattern?: string; readOnly?: boolean }>;
  return Object.entries(props)
    .filter(([, p]) => p.type === 'string' && !p.enum && p.const === undefined && !p.pattern && !p.format && !p.readOnly)
    .filter(([name]) => !form.traits[name]?.file && !form.traits[name]?.sensitive && !form.traits[name]?.mask)
    .map(([name]) => name);
}

/** Script and HTML that a text field must keep as text: stored as sent, shown escaped. */
export const INJECTION_PAYLOADS = [
  '<script>alert(1)</script><img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>\'<iframe src=javascript:alert(1)></iframe>',
  '</dd></dl><a href="javascript:alert(1)">open</a><style>*{display:none}</style>',
  '&lt;b&gt;not bold&lt;/b&gt; &amp; {{7*7}} ${7*7} <%= 7*7 %>',
  "Robert'); DROP TABLE students;-- \"q\" \\ <!-- -->",
] as const;

/** A request body and its headers, built only when sent (an oversized file is megabytes). */
export interface Wire {
  body?: BodyInit;
  headers?: Record<string, string>;
}

/** A field of the collection as the running server has it (admin API). */
export interface ServerField {
  name: string;
  type: string;
  required: boolean;
  /** Hidden from the API (a sealed column). */
  hidden?: boolean;
  values?: string[];
}

export interface BadInputContext {
  /** The collection's fields on the server: the ones the form does not own are tried as unknown fields. */
  serverFields: ServerField[];
  /** Fields the renderer sends beside the form's own (which variant, which language). */
  systemFields: string[];
  /** The honeypot field only a bot fills. */
  honeypot: string;
  /** Sent with every submission of this service beside variant and language (e.g. the agreements' signature). */
  extraFields?: Record<string, string>;
}

export type BadKind =
  | 'required-missing'
  | 'required-blank'
  | 'required-via-prototype'
  | 'too-long'
  | 'too-long-multibyte'
  | 'object-for-string'
  | 'array-for-string'
  | 'text-for-number'
  | 'maybe-for-boolean'
  | 'object-for-boolean'
  | 'unknown-field'
  | 'server-field'
  | 'enum'
  | 'file-oversized'
  | 'file-disallowed-content'
  | 'file-wrong-mime'
  | 'file-too-many'
  | 'file-total-too-large'
  | 'group-row-missing-cell'
  | 'group-bad-cell'
  | 'group-too-many-rows'
  | 'group-too-few-rows'
  | 'group-malformed'
  | 'hidden-field'
  | 'wrong-branch'
  | 'conditional-required-missing'
  | 'dependent-required-missing'
  | 'date-out-of-range'
  | 'system-field'
  | 'honeypot'
  | 'malformed-multipart'
  | 'multipart-cut-in-value'
  | 'multipart-cut-in-headers'
  | 'json-not-object'
  | 'json-syntax'
  | 'empty-body'
  | 'unsupported-content-type';

export interface BadInput {
  kind: BadKind;
  what: string;
  /** The field the error must name (data.<field>); none when the body as a whole is at fault. */
  field?: string;
  /** Acceptable error codes for that field (any code when omitted). */
  codes?: string[];
  /** Other fields the error may name instead (a check that depends on `field` and fails first). */
  orFields?: string[];
  /** The exact top-level message, when there is no field to name. */
  message?: string;
  /** The schema requires `field`. */
  required?: boolean;
  /** `field` is a choice (enum). */
  choice?: boolean;
  wire: () => Promise<Wire>;
}

/** One multipart part: a field's name and its value or file. */
export type Part = [name: string, value: string | File];

/**
 * The parts of a submission in the order the browser sends them (src/engine/submit.ts toFormData): the
 * fields, the files, then the variant and language, which the server requires, last.
 */
export function submissionParts(form: FormModule, s: Submission, system: Record<string, string> = { variant: form.variant, locale: 'en' }): Part[] {
  return [...Object.entries(s.fields), ...Object.entries(s.files), ...Object.entries(system)];
}

export function multipartWire(parts: Part[]): Wire {
  const body = new FormData();
  for (const [name, value] of parts) body.append(name, value);
  return { body };
}

/** The multipart body the parts make, as bytes, with its Content-Type (boundary included). */
export async function encodedMultipart(parts: Part[]): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: string }> {
  const res = new Response(multipartWire(parts).body);
  return { bytes: new Uint8Array(await res.arrayBuffer()), type: res.headers.get('content-type')! };
}

/** Field values with their JSON types (a boolean as true, not "true"), the way a JSON client sends them. */
export function typedValues(form: FormModule, fields: Record<string, string>): Record<string, unknown> {
  const props = (form.schema.properties ?? {}) as Record<string, Prop>;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    // A group's rows are the list itself in a JSON body.
    out[name] = rowSchema(props[name]) ? JSON.parse(value) : typedSample(props[name], value);
  }
  return out;
}

/**
 * A JSON submission: application/json when there are no files, else multipart with PocketBase's
 * `@jsonPayload` part beside the files (how its SDK sends objects with uploads).
 */
export function jsonWire(json: string, files: Record<string, File>): Wire {
  if (Object.keys(files).length === 0) return { body: json, headers: { 'content-type': 'application/json' } };
  return multipartWire([['@jsonPayload', json], ...Object.entries(files)]);
}

/** A valid JSON submission of the form (the baseline the JSON bad inputs start from). */
export function validJson(form: FormModule, s: Submission = validSubmission(form), extra: Record<string, string> = {}): Wire {
  return jsonWire(JSON.stringify({ ...typedValues(form, s.fields), ...extra, variant: form.variant, locale: 'en' }), s.files);
}

function fileOf(mime: string, name: string, bytes: BlobPart, declared = mime): File {
  return new File([bytes], name, { type: declared });
}

/** Content of a type the field accepts (PNG, PDF or GIF: the ones this suite can make). */
function acceptedContent(accept: string[]) {
  const found = KNOWN_CONTENT.find((c) => accepts(accept, c.mime));
  if (!found) throw new Error(`no sample content for a field accepting ${accept.join(', ')}`);
  return found;
}

const sans = (s: Submission, field: string): Submission => {
  const { [field]: _f, ...fields } = s.fields;
  const { [field]: _g, ...files } = s.files;
  return { fields, files };
};

function serverFieldValue(f: ServerField): string | File {
  switch (f.type) {
    case 'file':
      return new File([PNG_BYTES], 'extra.png', { type: 'image/png' });
    case 'bool':
      return 'true';
    case 'select':
      return f.values?.[0] ?? 'x';
    case 'url':
      return 'https://example.com/paid';
    case 'email':
      return 'extra@example.com';
    case 'date':
    case 'autodate':
      return '2020-01-01 00:00:00.000Z';
    case 'number':
      return '1';
    case 'json':
      return '{"a":1}';
    default:
      return f.name === 'id' ? 'abcdefghijklmno' : 'x';
  }
}

/**
 * Every bad input a form's schema lets one derive: each required field missing (also blank, and
 * claimed only through a JSON `__proto__` key), each length limit passed, wrong JSON types, unknown
 * and server-owned fields, wrong options, bad files of every sort, bad system fields, the honeypot,
 * and bodies that are not a submission at all. Each must be refused with nothing saved.
 */
/** The bytes a valid submission of the form uploads at most (every file field's largest file). */
export function largestUpload(form: FormModule): number {
  return Object.values(form.traits).reduce((n, t) => n + (t.file ? t.file.maxSize : 0), 0);
}

/** A valid submission with every file at its field's largest size (accepted content, padded). */
export async function largestSubmission(form: FormModule): Promise<Submission> {
  const s = validSubmission(form);
  const files: Record<string, File> = {};
  for (const [field, file] of Object.entries(s.files)) {
    const max = form.traits[field]!.file!.maxSize;
    files[field] = new File([await file.arrayBuffer(), new Uint8Array(max - file.size)], file.name, { type: file.type });
  }
  return { ...s, files };
}

/** The accepted type, other than `mime`, a file of type `mime` is named as in the misnamed-file cases (PNG when accepted). */
function misnamedAs(accept: string[], mime: string): string | undefined {
  return mime !== 'image/png' && accepts(accept, 'image/png') ? 'image/png' : accept.find((m) => m !== mime && EXTENSIONS[m]);
}

/** A file whose name says another accepted type than its content: stored, under its content's extension. */
export interface MisnamedFile {
  what: string;
  field: string;
  /** The extension the stored file's name must end with (its content's). */
  storedExt: string;
  wire: () => Promise<Wire>;
}

/** For each file field: a real PNG, PDF or GIF (a type it accepts) under the name of another type it accepts, alone and after its own extension. */
export function misnamedFiles(form: FormModule, system: Record<string, string>): MisnamedFile[] {
  const out: MisnamedFile[] = [];
  for (const field of Object.keys(form.schema.properties ?? {})) {
    const file = form.traits[field]?.file;
    if (!file) continue;
    for (const content of KNOWN_CONTENT) {
      const target = misnamedAs(file.accept, content.mime);
      if (!target || !accepts(file.accept, content.mime)) continue;
      // Also with the content's own extension before the wrong one: PocketBase keeps two extensions.
      for (const name of [`doc.${EXTENSIONS[target] ?? 'bin'}`, `doc.${content.ext}.${EXTENSIONS[target] ?? 'bin'}`]) {
        out.push({
          what: `${field}: a ${content.ext.toUpperCase()}'s bytes named ${name}`,
          field,
          storedExt: content.ext,
          wire: async () => {
            const s = sans(validSubmission(form), field);
            return multipartWire([...submissionParts(form, s, system), [field, fileOf(target, name, content.bytes, target)]]);
          },
        });
      }
    }
  }
  return out;
}

export function badInputs(form: FormModule, ctx: BadInputContext): BadInput[] {
  const props = (form.schema.properties ?? {}) as Record<string, Prop & { pattern?: string; minLength?: number }>;
  const required = new Set((form.schema.required as string[] | undefined) ?? []);
  const valid = () => validSubmission(form);
  const extraFields = ctx.extraFields ?? {};
  const system: Record<string, string> = { ...extraFields, variant: form.variant, locale: 'en' };
  const parts = (s: Submission, sys: Record<string, string> = system) => submissionParts(form, s, sys);
  const multipart = (change: (s: Submission) => Submission, extra: Part[] = []) => async () => multipartWire([...parts(change(valid())), ...extra]);
  const out: BadInput[] = [];
  const add = (input: BadInput) => out.push(input);
  const withRows = (field: string, text: string) => multipart((s) => ({ ...s, fields: { ...s.fields, [field]: text } }));

  /** A repeating group's bad rows: each refused at the row's field ("dependents.0.name") or at the group. */
  const groupInputs = (field: string, prop: Prop, items: NonNullable<Prop['items']>, isRequired: boolean): BadInput[] => {
    const row = () => sampleRow(prop);
    const many = (n: number) => Array.from({ length: n }, row);
    const base = Math.max(1, prop.minItems ?? 0);
    const inputs: BadInput[] = [];
    for (const cell of items.required ?? []) {
      const rowsSent = () => many(base).map((r, i) => (i === base - 1 ? Object.fromEntries(Object.entries(r).filter(([k]) => k !== cell)) : r));
      const at = `${field}.${base - 1}.${cell}`;
      inputs.push({ kind: 'group-row-missing-cell', what: `${field} with row ${base} missing its ${cell}`, field: at, codes: ['required'], wire: withRows(field, rowsText(rowsSent())) });
      inputs.push({
        kind: 'group-row-missing-cell',
        what: `${field} with row ${base} missing its ${cell} (JSON)`,
        field: at,
        codes: ['required'],
        wire: async () => {
          const s = valid();
          return jsonWire(JSON.stringify({ ...typedValues(form, s.fields), [field]: rowsSent(), ...system }), s.files);
        },
      });
    }
    for (const [cell, cellProp] of Object.entries(items.properties ?? {})) {
      if (!cellProp.enum) continue;
      const rowsSent = many(base).map((r) => ({ ...r, [cell]: 'not-an-option' }));
      inputs.push({ kind: 'group-bad-cell', what: `${field} with a ${cell} outside its options`, field: `${field}.0.${cell}`, codes: ['enum'], wire: withRows(field, rowsText(rowsSent)) });
    }
    inputs.push({ kind: 'group-bad-cell', what: `${field} with a cell the row does not have`, field: `${field}.0.cardNumber`, codes: ['additionalProperties'], wire: withRows(field, rowsText([{ ...row(), cardNumber: '4242424242424242' }])) });
    if (typeof prop.maxItems === 'number') {
      inputs.push({ kind: 'group-too-many-rows', what: `${field} with ${prop.maxItems + 1} rows (limit ${prop.maxItems})`, field, codes: ['maxItems'], wire: withRows(field, rowsText(many(prop.maxItems + 1))) });
    }
    if ((prop.minItems ?? 0) > 1) {
      inputs.push({ kind: 'group-too-few-rows', what: `${field} with ${prop.minItems! - 1} rows (at least ${prop.minItems})`, field, codes: ['minItems'], wire: withRows(field, rowsText(many(prop.minItems! - 1))) });
    }
    const meta = { field, required: isRequired, codes: ['type'] };
    inputs.push({ kind: 'group-malformed', what: `${field} given text that is not JSON`, ...meta, wire: withRows(field, `${rowsText([row()]).slice(0, -3)}`) });
    inputs.push({ kind: 'group-malformed', what: `${field} given one row, not a list`, ...meta, wire: withRows(field, JSON.stringify(row())) });
    inputs.push({ kind: 'group-malformed', what: `${field} given a list of texts`, ...meta, codes: ['type'], field: `${field}.0`, wire: withRows(field, JSON.stringify(['a', 'b'])) });
    return inputs;
  };

  // Required fields: left out, sent empty, or present only on the prototype of a JSON body.
  for (const field of required) {
    const file = !!form.traits[field]?.file;
    add({ kind: 'required-missing', what: `without ${field}`, field, codes: ['required'], required: true, wire: multipart((s) => sans(s, field)) });
    // An empty boolean is false to the server, which the schema's `const: true` then refuses.
    const blankCodes = props[field]?.type === 'boolean' ? ['required', 'const'] : ['required'];
    if (!file) add({ kind: 'required-blank', what: `with ${field} empty`, field, codes: blankCodes, required: true, wire: multipart((s) => ({ ...s, fields: { ...s.fields, [field]: '' } })) });
    add({
      kind: 'required-via-prototype',
      what: `without ${field}, claimed only by a JSON "__proto__" key`,
      field,
      required: true,
      wire: async () => {
        const s = sans(valid(), field);
        const own = JSON.stringify({ ...typedValues(form, s.fields), ...system });
        const claimed = file ? `${field}.png` : typedValues(form, { [field]: valid().fields[field] ?? '' })[field];
        return jsonWire(`${own.slice(0, -1)},"__proto__":${JSON.stringify({ [field]: claimed })}}`, s.files);
      },
    });
  }

  for (const [field, prop] of Object.entries(props)) {
    const file = form.traits[field]?.file;
    const isRequired = required.has(field);
    if (file) {
      const good = acceptedContent(file.accept);
      const ext = (mime: string) => EXTENSIONS[mime] ?? mime.split('/')[1] ?? 'bin';
      const withFiles = (...files: File[]) => async () =>
        multipartWire([...parts(sans(valid(), field)), ...files.map((f): Part => [field, f])]);
      add({
        kind: 'file-oversized',
        what: `${field} of ${file.maxSize + 1} bytes (limit ${file.maxSize})`,
        field,
        codes: ['validation_file_size_limit'],
        wire: async () => {
          const bytes = new Uint8Array(file.maxSize + 1);
          bytes.set(good.bytes);
          return withFiles(fileOf(good.mime, `large.${good.ext}`, bytes))();
        },
      });
      // Content of a type the field refuses, under a name (and declared type) it accepts.
      const acceptedExt = ext(file.accept[0]!);
      const declared = file.accept[0]!;
      add({ kind: 'file-disallowed-content', what: `${field}: executable-looking bytes named .${acceptedExt}`, field, codes: ['validation_invalid_mime_type'], wire: withFiles(fileOf(declared, `scan.${acceptedExt}`, EXE_BYTES, declared)) });
      add({ kind: 'file-disallowed-content', what: `${field}: an HTML page named .${acceptedExt}`, field, codes: ['validation_invalid_mime_type'], wire: withFiles(fileOf(declared, `scan.${acceptedExt}`, HTML_BYTES, declared)) });
      // A real PNG or PDF under another accepted type's name, when its own type is not accepted (when it is,
      // the file is stored under its content's name: misnamedFiles).
      for (const other of KNOWN_CONTENT.slice(0, 2)) {
        const target = misnamedAs(file.accept, other.mime);
        if (!target || accepts(file.accept, other.mime)) continue;
        const what = `${field}: a ${other.ext.toUpperCase()}'s bytes named .${ext(target)}`;
        add({ kind: 'file-disallowed-content', what, field, codes: ['validation_invalid_mime_type'], wire: withFiles(fileOf(target, `doc.${ext(target)}`, other.bytes, target)) });
      }
      // Types it does not take, named and declared honestly.
      add({ kind: 'file-wrong-mime', what: `${field}: text/html`, field, codes: ['validation_invalid_mime_type'], wire: withFiles(fileOf('text/html', 'page.html', HTML_BYTES)) });
      add({ kind: 'file-wrong-mime', what: `${field}: image/svg+xml with a script`, field, codes: ['validation_invalid_mime_type'], wire: withFiles(fileOf('image/svg+xml', 'image.svg', SVG_BYTES)) });
      add({ kind: 'file-wrong-mime', what: `${field}: application/zip`, field, codes: ['validation_invalid_mime_type'], wire: withFiles(fileOf('application/zip', 'archive.zip', ZIP_BYTES)) });
      add({
        kind: 'file-too-many',
        what: `${field} with ${file.maxFiles + 1} files (limit ${file.maxFiles})`,
        field,
        wire: withFiles(...Array.from({ length: file.maxFiles + 1 }, (_, i) => fileOf(good.mime, `part-${i + 1}.${good.ext}`, good.bytes))),
      });
      // Several files, each within its size and their count within the field's, one byte over their total.
      const over = (file.maxTotalSize ?? Infinity) + 1;
      if (file.maxFiles > 1 && Math.ceil(over / file.maxSize) <= file.maxFiles) {
        add({
          kind: 'file-total-too-large',
          what: `${field} with ${Math.ceil(over / file.maxSize)} files of ${over} bytes together (limit ${file.maxTotalSize})`,
          field,
          codes: ['fileTotal'],
          wire: async () => {
            const files = Array.from({ length: Math.ceil(over / file.maxSize) }, (_, i) => {
              const bytes = new Uint8Array(Math.min(file.maxSize, over - i * file.maxSize));
              bytes.set(good.bytes.subarray(0, bytes.length));
              return fileOf(good.mime, `part-${i + 1}.${good.ext}`, bytes);
            });
            return withFiles(...files)();
          },
        });
      }
      continue;
    }
    const rows = rowSchema(prop);
    if (rows) {
      groupInputs(field, prop, rows, isRequired).forEach(add);
      continue;
    }
    const sample = valid().fields[field] ?? '';
    if (prop.maxLength) {
      const max = prop.maxLength;
      const long = prop.format === 'email' ? `${'a'.repeat(Math.max(1, max + 1 - '@example.com'.length))}@example.com` : '9'.repeat(max + 1);
      add({ kind: 'too-long', what: `${field} of ${long.length} characters (limit ${max})`, field, codes: ['maxLength', 'pattern', 'format'], wire: multipart((s) => ({ ...s, fields: { ...s.fields, [field]: long } })) });
      if (!prop.pattern && !prop.format && !prop.enum) {
        // Characters outside the BMP are one character each to the schema, two UTF-16 units to JavaScript.
        add({ kind: 'too-long-multibyte', what: `${field} of ${max + 1} emoji (limit ${max})`, field, codes: ['maxLength'], wire: multipart((s) => ({ ...s, fields: { ...s.fields, [field]: '😀'.repeat(max + 1) } })) });
      }
    }
    if (prop.enum) {
      const first = String(prop.enum[0]);
      const wrong = new Set(['not-an-option', `${first} `, first.toLowerCase() === first ? first.toUpperCase() : first.toLowerCase()]);
      wrong.delete(first);
      for (const value of wrong) {
        add({ kind: 'enum', what: `${field} = ${JSON.stringify(value)} (not an option)`, field, codes: ['enum'], choice: true, wire: multipart((s) => ({ ...s, fields: { ...s.fields, [field]: value } })) });
      }
    }
    // Wrong JSON types.
    const withJson = (value: unknown) => async () => {
      const s = valid();
      return jsonWire(JSON.stringify({ ...typedValues(form, s.fields), [field]: value, ...system }), s.files);
    };
    const meta = { field, required: isRequired, choice: !!prop.enum };
    if (prop.type === 'string') {
      add({ kind: 'object-for-string', what: `${field} given an object (JSON)`, ...meta, wire: withJson({ value: sample }) });
      add({ kind: 'array-for-string', what: `${field} given an array (JSON)`, ...meta, wire: withJson([sample, sample]) });
      add({ kind: 'array-for-string', what: `${field} given an empty array (JSON)`, ...meta, wire: withJson([]) });
    } else if (prop.type === 'number' || prop.type === 'integer') {
      add({ kind: 'text-for-number', what: `${field} given text`, ...meta, codes: ['type', 'required'], wire: multipart((s) => ({ ...s, fields: { ...s.fields, [field]: 'twelve' } })) });
      add({ kind: 'text-for-number', what: `${field} given text (JSON)`, ...meta, codes: ['type', 'required'], wire: withJson('twelve') });
    } else if (prop.type === 'boolean') {
      add({ kind: 'maybe-for-boolean', what: `${field} = "maybe"`, ...meta, codes: ['type', 'const', 'required'], wire: multipart((s) => ({ ...s, fields: { ...s.fields, [field]: 'maybe' } })) });
      add({ kind: 'maybe-for-boolean', what: `${field} = "maybe" (JSON)`, ...meta, codes: ['type', 'const', 'required'], wire: withJson('maybe') });
      add({ kind: 'object-for-boolean', what: `${field} given an object (JSON)`, ...meta, codes: ['type', 'const', 'required'], wire: withJson({ value: true }) });
    }
  }

  // Fields the form does not have: made-up names, and the collection's own fields the form does not own.
  for (const name of ['cardNumber', 'isAdmin', 'role', '__proto__', 'constructor', 'toString']) {
    add({ kind: 'unknown-field', what: `an unknown field "${name}"`, field: name, codes: ['additionalProperties'], wire: multipart((s) => s, [[name, 'x']]) });
  }
  for (const f of ctx.serverFields) {
    if (f.name in props || ctx.systemFields.includes(f.name)) continue;
    add({ kind: 'server-field', what: `the server-owned or other-form field "${f.name}" (${f.type})`, field: f.name, codes: ['additionalProperties'], wire: multipart((s) => s, [[f.name, serverFieldValue(f)]]) });
  }

  // What the renderer sends beside the fields, and the honeypot.
  const { variant: _v, ...noVariant } = system;
  const { locale: _l, ...noLocale } = system;
  add({ kind: 'system-field', what: 'without a variant', field: 'variant', wire: async () => multipartWire(parts(valid(), noVariant)) });
  // Names every JavaScript object has are not variants or languages either (a look-up by them finds one).
  for (const variant of ['no-such-form', 'constructor', '__proto__']) {
    add({ kind: 'system-field', what: `for a variant "${variant}" that does not exist`, field: 'variant', codes: ['enum'], wire: async () => multipartWire(parts(valid(), { ...system, variant })) });
  }
  // What was signed is checked against the documents in the submission's language, so without a (known)
  // language the signature can be what the error names.
  const orFields = Object.keys(extraFields);
  add({ kind: 'system-field', what: 'without a language', field: 'locale', orFields, wire: async () => multipartWire(parts(valid(), noLocale)) });
  for (const locale of ['xx', '__proto__', 'constructor']) {
    add({ kind: 'system-field', what: `in a language "${locale}" the site does not have`, field: 'locale', orFields, wire: async () => multipartWire(parts(valid(), { ...system, locale })) });
  }
  // The attempt's idempotency key (src/engine/idempotency.ts) is optional, but only 16–64 of [A-Za-z0-9-].
  if (ctx.systemFields.includes('idempotencyKey')) {
    add({ kind: 'system-field', what: 'with an idempotency key that is not one', field: 'idempotencyKey', codes: ['pattern'], wire: async () => multipartWire(parts(valid(), { ...system, idempotencyKey: "x' OR '1'='1 --" })) });
  }
  for (const name of Object.keys(extraFields)) {
    const { [name]: _x, ...without } = system;
    add({ kind: 'system-field', what: `without its ${name}`, field: name, wire: async () => multipartWire(parts(valid(), without)) });
    add({ kind: 'system-field', what: `with a ${name} that is not one`, field: name, wire: async () => multipartWire(parts(valid(), { ...system, [name]: '{"forged": true' })) });
  }
  add({ kind: 'honeypot', what: `with the honeypot "${ctx.honeypot}" filled`, message: 'Submission refused.', wire: multipart((s) => s, [[ctx.honeypot, 'https://spam.example']]) });

  // Bodies that are not a submission.
  const encoded = () => encodedMultipart(parts(valid()));
  add({ kind: 'malformed-multipart', what: 'multipart whose boundary is not the one in Content-Type', wire: async () => ({ body: (await encoded()).bytes, headers: { 'content-type': 'multipart/form-data; boundary=not-the-boundary-0123456789' } }) });
  add({ kind: 'malformed-multipart', what: 'multipart without a boundary in Content-Type', wire: async () => ({ body: (await encoded()).bytes, headers: { 'content-type': 'multipart/form-data' } }) });
  // Cut inside the last part: in its value, and in its headers (after which the parser may see the end).
  const lastPart = () => parts(valid()).at(-1)![0];
  const cutAt = (where: 'value' | 'headers') => async (): Promise<Wire> => {
    const { bytes, type } = await encoded();
    const text = Buffer.from(bytes).toString('latin1');
    const boundary = type.split('boundary=')[1]!;
    const start = text.lastIndexOf(`--${boundary}\r\n`);
    const blank = text.indexOf('\r\n\r\n', start);
    // In the headers: the Content-Disposition line complete but for its line end.
    const cut = where === 'headers' ? text.indexOf('\r\n', start + boundary.length + 4) : blank + 4 + Math.max(1, Math.floor((text.lastIndexOf(`--${boundary}--`) - blank - 4) / 2));
    return { body: bytes.slice(0, cut), headers: { 'content-type': type } };
  };
  add({ kind: 'multipart-cut-in-value', what: `multipart cut off inside the value of its last part (${lastPart()})`, wire: cutAt('value') });
  add({
    kind: 'multipart-cut-in-headers',
    what: `multipart cut off inside the headers of its last part (${lastPart()})`,
    required: required.has(lastPart()) || ctx.systemFields.includes(lastPart()) || lastPart() in extraFields,
    wire: cutAt('headers'),
  });
  add({
    kind: 'malformed-multipart',
    what: 'multipart without its closing boundary',
    wire: async () => {
      const { bytes, type } = await encoded();
      const boundary = type.split('boundary=')[1]!;
      const text = Buffer.from(bytes).toString('latin1');
      return { body: Buffer.from(text.slice(0, text.lastIndexOf(`--${boundary}--`)), 'latin1'), headers: { 'content-type': type } };
    },
  });
  const json = () => JSON.stringify({ ...typedValues(form, valid().fields), ...system });
  const rawJson = (body: string) => async (): Promise<Wire> => ({ body, headers: { 'content-type': 'application/json' } });
  add({ kind: 'json-not-object', what: 'a JSON array of the submission', wire: async () => rawJson(`[${json()}]`)() });
  add({ kind: 'json-not-object', what: 'a JSON string', wire: rawJson('"variant=full"') });
  add({ kind: 'json-not-object', what: 'a JSON number', wire: rawJson('42') });
  add({ kind: 'json-not-object', what: 'JSON null', wire: rawJson('null') });
  add({ kind: 'json-syntax', what: 'JSON cut off', wire: async () => rawJson(json().slice(0, -7))() });
  // PocketBase decodes the first value and ignores the rest: what it bound need not be what was sent.
  add({ kind: 'json-syntax', what: 'JSON followed by other text', wire: async () => rawJson(`${json()} {"firstName": {}}`)() });
  add({ kind: 'empty-body', what: 'an empty body', wire: async () => ({}) });
  add({ kind: 'empty-body', what: 'an empty JSON body', wire: rawJson('') });
  add({ kind: 'empty-body', what: 'an empty multipart body', wire: async () => ({ body: '', headers: { 'content-type': 'multipart/form-data; boundary=empty-0123456789' } }) });
  add({ kind: 'unsupported-content-type', what: 'the submission as text/plain', wire: async () => ({ body: json(), headers: { 'content-type': 'text/plain' } }) });
  return out;
}
