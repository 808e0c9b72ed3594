/**
 * How large a submission's body may be, worked out from the service's schema (issue 29, finding 4): a
 * body no form of the service could send is refused before anything reads it (pb_hooks/bodyLimits.pb.js),
 * and its fields before any JS sees them (pb_hooks/lib/submission.js), so a 30 MB text field costs the
 * server nothing but its upload.
 *
 * - `text`: every non-file field at its longest, encoded at its widest, plus what travels beside the form
 *   (variant, language, idempotency key, proof of work, honeypot, signature).
 * - `files`: the largest sum of file limits among the service's forms (the form is named inside the body,
 *   so the body's cap must fit the largest).
 */
import type { FieldKind, FieldModel, ServiceModel } from '../model/types.ts';
import type { PropertySchema } from '../sources.ts';

/** UTF-8 of a character of the Basic Multilingual Plane; JSON's escape of a line break takes 2. */
const BYTES_PER_CHARACTER = 3;
/** A field's name, its JSON quoting, or a multipart part's boundary and headers. */
const PER_FIELD_BYTES = 512;
/** The system fields, the proof of work, the idempotency key and a signature with its documents' hashes. */
const BESIDE_THE_FORM_BYTES = 32 * 1024;
/** PocketBase's own cap of a text column without a max, and so the longest a field without maxLength stores. */
const POCKETBASE_TEXT_MAX = 5000;
const EMAIL_MAX = 255;
const NUMBER_BYTES = 32;
/** A `format: date` value: YYYY-MM-DD. */
const DATE_CHARACTERS = 10;
/**
 * The widest a character of a JSON text gets: a control character is escaped as \u0001, and PocketBase
 * (Go's encoder) writes <, > and & that way too. A group's rows travel and are stored as JSON.
 */
const JSON_BYTES_PER_CHARACTER = 6;
/** A row's key in JSON: its quotes, colon and comma, and the value's quotes. */
const PER_CELL_CHARACTERS = 6;

export interface BodyLimits {
  text: number;
  files: number;
}

/** The longest text a value of `kind` (with one of `schemas`) can be when sent, in characters. */
function longestScalar(kind: Exclude<FieldKind, 'group' | 'file' | 'files'>, schemas: PropertySchema[]): number {
  switch (kind) {
    case 'bool':
    case 'number':
      return NUMBER_BYTES;
    case 'select':
      return Math.max(1, ...schemas.flatMap((s) => (s.enum ?? []).map((v) => String(v).length)));
    case 'email':
      return EMAIL_MAX;
    case 'text':
      return Math.max(...schemas.map((s) => (typeof s.maxLength === 'number' ? s.maxLength : s.format === 'date' ? DATE_CHARACTERS : POCKETBASE_TEXT_MAX)));
  }
}

/** The longest JSON text a repeating group's value can be: every row it may have, every cell at its longest. */
function longestRows(field: FieldModel): number {
  const row = 2 + (field.items ?? []).reduce((sum, item) => sum + item.name.length + PER_CELL_CHARACTERS + longestScalar(item.kind, [item.schema]), 0);
  return 2 + (field.schema.maxItems ?? 0) * (row + 1);
}

/**
 * The bytes of the longest JSON a group's column holds (its PocketBase json field's maxSize): a valid
 * value is never refused by the column, whatever characters its rows hold.
 */
export const groupColumnBytes = (field: FieldModel): number => longestRows(field) * JSON_BYTES_PER_CHARACTER;

/** The bytes a field's value takes in a body, beside its name and part headers. */
function longestBytes(field: FieldModel): number {
  switch (field.kind) {
    case 'file':
    case 'files':
      return 0;
    case 'group':
      return groupColumnBytes(field);
    default:
      return longestScalar(field.kind, [field.schema, ...field.alternatives]) * BYTES_PER_CHARACTER;
  }
}

/** A file field's files at their largest (several files: at most their total), with each part's headers. */
function fileBytes(field: FieldModel): number {
  const file = field.traits.file;
  if (!file) return 0;
  const count = file.maxFiles ?? 1;
  return Math.min(file.maxSize * count, file.maxTotalSize ?? Infinity) + PER_FIELD_BYTES * count;
}

const takesFiles = (field: FieldModel | undefined): boolean => field?.kind === 'file' || field?.kind === 'files';

export function bodyLimits(service: ServiceModel): BodyLimits {
  const text = service.fields.filter((f) => !takesFiles(f)).reduce((sum, f) => sum + longestBytes(f) + PER_FIELD_BYTES, BESIDE_THE_FORM_BYTES);
  const byName = new Map(service.fields.map((f) => [f.name, f]));
  const files = Math.max(
    0,
    ...service.variants.map((v) => v.fields.reduce((sum, name) => sum + (takesFiles(byName.get(name)) ? fileBytes(byName.get(name)!) : 0), 0)),
  );
  return { text, files };
}
