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
import type { FieldModel, ServiceModel } from '../model/types.ts';

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

export interface BodyLimits {
  text: number;
  files: number;
}

/** The longest text a field's value can be when sent, in characters. */
function longestValue(field: FieldModel): number {
  const schemas = [field.schema, ...field.alternatives];
  switch (field.kind) {
    case 'bool':
    case 'number':
      return NUMBER_BYTES;
    case 'select':
      return Math.max(1, ...schemas.flatMap((s) => (s.enum ?? []).map((v) => String(v).length)));
    case 'email':
      return EMAIL_MAX;
    case 'text':
      return Math.max(...schemas.map((s) => (typeof s.maxLength === 'number' ? s.maxLength : POCKETBASE_TEXT_MAX)));
    case 'file':
      return 0;
  }
}

const fileBytes = (field: FieldModel): number => (field.traits.file ? field.traits.file.maxSize * (field.traits.file.maxFiles ?? 1) + PER_FIELD_BYTES : 0);

export function bodyLimits(service: ServiceModel): BodyLimits {
  const text = service.fields
    .filter((f) => f.kind !== 'file')
    .reduce((sum, f) => sum + longestValue(f) * BYTES_PER_CHARACTER + PER_FIELD_BYTES, BESIDE_THE_FORM_BYTES);
  const byName = new Map(service.fields.map((f) => [f.name, f]));
  const files = Math.max(
    0,
    ...service.variants.map((v) => v.fields.reduce((sum, name) => sum + (byName.get(name)?.kind === 'file' ? fileBytes(byName.get(name)!) : 0), 0)),
  );
  return { text, files };
}
