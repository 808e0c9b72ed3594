/**
 * Valid and invalid submissions derived from a form's own schema, so every service, present or future,
 * is tested without a line of service-specific test code.
 */
import type { FormModule } from '../../src/engine/types.ts';
import { PDF_BYTES, PNG_BYTES } from './fixtures.ts';

type Prop = { type?: string; enum?: unknown[]; const?: unknown; examples?: unknown[]; format?: string; maxLength?: number; default?: unknown };

export function sampleValue(prop: Prop): string {
  if (prop.examples?.length) return String(prop.examples[0]);
  if (prop.const !== undefined) return String(prop.const);
  if (prop.default !== undefined) return String(prop.default);
  if (prop.enum?.length) return String(prop.enum[0]);
  if (prop.type === 'boolean') return 'true';
  if (prop.type === 'number' || prop.type === 'integer') return '1';
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
