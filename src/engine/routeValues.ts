/**
 * Values a form takes from its route (x-route-param: /success/:amount fills `amount`). The route is
 * typed by whoever follows a link, so a value is used only if the field's schema accepts it; the
 * server checks it again on submit.
 */
import type { RJSFSchema } from '@rjsf/utils';
import type { FormModule } from './types.ts';

export type RouteValues = { ok: true; values: Record<string, string | number> } | { ok: false; field: string };

function coerce(raw: string, schema: RJSFSchema): string | number | undefined {
  if (schema.type === 'number' || schema.type === 'integer') {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n) || (schema.type === 'integer' && !Number.isInteger(n))) return undefined;
    return n;
  }
  return raw;
}

export function routeValues(form: FormModule, params: Record<string, string | undefined>): RouteValues {
  const values: Record<string, string | number> = {};
  const properties = (form.schema.properties ?? {}) as Record<string, RJSFSchema>;
  for (const [field, traits] of Object.entries(form.traits)) {
    if (!traits.routeParam) continue;
    const schema = properties[field] ?? {};
    const value = coerce(params[traits.routeParam] ?? '', schema);
    const allowed = Array.isArray(schema.enum) ? schema.enum.some((v) => v === value) : value !== undefined;
    if (value === undefined || !allowed) return { ok: false, field };
    values[field] = value;
  }
  return { ok: true, values };
}
