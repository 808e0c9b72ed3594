/**
 * A sample record of a service for the preview's staff card and e-mails: each field's first `examples`
 * value, as the schema's author gave it. A field without one still gets a value a record of it could hold
 * (its first option, a file name, a row of its group's examples), so every row of the card shows; text
 * fields with no example stay empty (nothing made up), and the card leaves an empty conditional field out.
 */
import type { FieldModel, ItemFieldModel, ServiceModel } from '../../generator/model/types.ts';
import type { PropertySchema } from '../../generator/sources.ts';
import { SAMPLE_CREATED } from '../preview/payload.ts';


type Schema = PropertySchema & { examples?: unknown[]; minimum?: number };

function scalarSample(schema: Schema, kind: ItemFieldModel['kind']): unknown {
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  if (kind === 'bool') return true;
  if (kind === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 1;
  if (schema.format === 'date') return '2026-06-01';
  return undefined;
}

function fieldSample(f: FieldModel): unknown {
  const schema = f.schema as Schema;
  if (f.kind === 'file') return Array.isArray(schema.examples) && typeof schema.examples[0] === 'string' ? schema.examples[0] : `${f.name}_k3j4h5g6f7.pdf`;
  if (f.kind === 'files') return [`${f.name}_first_a1b2c3d4e5.pdf`, `${f.name}_second_f6g7h8i9j0.png`];
  if (f.kind === 'group') {
    if (Array.isArray(schema.examples) && Array.isArray(schema.examples[0])) return schema.examples[0];
    const row = Object.fromEntries((f.items ?? []).flatMap((item) => {
      const value = scalarSample(item.schema as Schema, item.kind);
      return value === undefined ? [] : [[item.name, value]];
    }));
    return Object.keys(row).length > 0 ? [row] : [];
  }
  return scalarSample(schema, f.kind);
}

/** The sample record: the server's columns (id, created, variant, reference, status) and each field's sample value. */
export function sampleRecord(s: ServiceModel): Record<string, unknown> {
  const record: Record<string, unknown> = {
    id: 'preview0sample00',
    created: SAMPLE_CREATED,
    variant: s.variants[0]?.id ?? '',
    reference: `${s.referencePrefix}-7K3M9Q`,
    status: s.workflow.initial,
  };
  for (const f of s.fields) {
    const value = fieldSample(f);
    if (value !== undefined) record[f.name] = value;
  }
  return record;
}
