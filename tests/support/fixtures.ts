/** Small real files and a valid applicant, shared by integration and end-to-end tests. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { registry } from '../../src/generated/registry.ts';
import type { CreditrepairFullData, CreditrepairFullFiles } from '../../src/generated/forms/creditrepair.full.types.ts';

/** A real 1×1 PNG: PocketBase sniffs content, so the bytes must be an image, not just the name. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

export function pngFile(name = 'id.png'): File {
  return new File([PNG_BYTES], name, { type: 'image/png' });
}

export function pngOnDisk(name = 'driver-licence.png'): string {
  const path = join(tmpdir(), name);
  writeFileSync(path, PNG_BYTES);
  return path;
}

/** A value as a multipart body carries it (src/engine/submit.ts toFormData): text as is, `true` as "true", anything else as JSON. */
type Sent<V> = V extends string ? V : V extends number | boolean ? `${V}` : string;

/**
 * A form variant's fields as the browser sends them, from the variant's generated types: each value as
 * text, its file fields left out (they go beside, as files). Optional fields stay optional.
 */
export type SentFields<Data, Files extends keyof Data> = { [K in keyof Data as K extends Files ? never : K]: Sent<Exclude<Data[K], undefined>> };

/** The credit repair form ("full") filled in; its ID image goes beside it as a file (pngFile). */
export const validCreditRepair = {
  firstName: 'Aziza',
  lastName: 'Karimova',
  email: 'aziza@example.com',
  phone: '+1 (415) 555-0100',
  street: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  ssn: '123456789',
  terms: 'true',
} as const satisfies SentFields<CreditrepairFullData, CreditrepairFullFiles>;

/** A multipart body the way the browser form sends it. */
export function formData(fields: Record<string, string>, files: Record<string, File> = {}): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const [k, f] of Object.entries(files)) body.append(k, f);
  return body;
}

/**
 * The signature the credit repair form sends with its agreements (pb_hooks/lib/agreements.js): the hash
 * of every document as shown in `locale`, a typed name, the ticked box, a US time zone.
 */
export function signed(locale: 'en' | 'uz' | 'ru' = 'en', service = 'creditrepair', name = 'Aziza Karimova'): { signature: string } {
  const agreements = registry.services.find((s) => s.id === service)?.agreements;
  if (!agreements) throw new Error(`${service} has no agreements`);
  const documents = agreements.documents.map((d) => ({ id: d.id, hash: d.hashes[locale] }));
  return { signature: JSON.stringify({ documents, name, accepted: true, timeZone: 'America/Chicago' }) };
}
