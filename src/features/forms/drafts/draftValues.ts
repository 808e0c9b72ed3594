/**
 * Which answers a draft may keep, in the browser and on the server alike: every answer but a sensitive
 * one (x-sensitive, a masked SSN, a password widget) and files (a file cannot be stored, and its name
 * alone would restore a field that holds nothing). The server keeps the same rule for what it is sent
 * (pb_hooks/lib/drafts.js keptValues).
 */
import type { FieldTraits, FormModule } from '../../../engine/types.ts';

type Values = Record<string, unknown>;

const unkept = (traits: FieldTraits | undefined, ui: unknown): boolean =>
  !!traits && (!!traits.sensitive || !!traits.mask || !!traits.file) ||
  (!!ui && typeof ui === 'object' && (ui as Record<string, unknown>)['ui:widget'] === 'password');

/** Whether a top-level field's answer stays out of every draft. */
export function isUnkept(form: FormModule, field: string): boolean {
  return unkept(form.traits[field], form.uiSchema[field]);
}

/** A group's rows without their unkept cells. */
function keptRows(traits: FieldTraits, rows: unknown): unknown {
  const items = traits.group?.items ?? {};
  if (!Array.isArray(rows)) return rows;
  return rows.map((row: unknown) =>
    row && typeof row === 'object' ? Object.fromEntries(Object.entries(row as Values).filter(([cell]) => !unkept(items[cell], undefined))) : row,
  );
}

/** The answers a draft keeps: not the route's fixed values, not an unkept field's, nothing empty. */
export function draftValues(form: FormModule, data: Values, fixed: Values): Values {
  const out: Values = {};
  for (const [name, value] of Object.entries(data)) {
    if (name in fixed || !(name in form.traits) || isUnkept(form, name)) continue;
    if (value === undefined || value === null || value === '') continue;
    const traits = form.traits[name];
    out[name] = traits?.group ? keptRows(traits, value) : value;
  }
  return out;
}

/** Whether the form holds an answer no draft keeps (a typed SSN): leaving would lose it. */
export function holdsUnkept(form: FormModule, data: Values): boolean {
  return Object.entries(data).some(([name, value]) => isUnkept(form, name) && value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0));
}

/** Whether the form has any field whose answer no draft keeps (the notice then says so). */
export const hasUnkeptFields = (form: FormModule): boolean => Object.keys(form.traits).some((name) => isUnkept(form, name));

/** The first e-mail field's answer, to offer as the address for the resume link. */
export function emailAnswer(form: FormModule, data: Values): string {
  const properties = (form.schema.properties ?? {}) as Record<string, { format?: string }>;
  const field = Object.keys(properties).find((name) => properties[name]?.format === 'email');
  const value = field ? data[field] : undefined;
  return typeof value === 'string' ? value : '';
}
