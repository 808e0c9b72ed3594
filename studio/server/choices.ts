/**
 * The save dialog's choices made into what the generator understands: a rename is `x-renamed-from` on the
 * new field (the migration renames the column and keeps its values); a drop is `--drop <collection>.<field>`.
 */
import type { ServiceDraft } from '../model/document.ts';
import type { PlanChoices } from './api.ts';
import { RequestError } from './project.ts';

type Schema = Record<string, unknown>;
const isObject = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);

/** The choices as the request gave them, checked for shape. */
export function readChoices(value: unknown): PlanChoices {
  const choices = isObject(value) ? value : {};
  const renames = isObject(choices.renames) ? choices.renames : {};
  const drop = Array.isArray(choices.drop) ? choices.drop : [];
  if (!Object.values(renames).every((v) => typeof v === 'string') || !drop.every((v) => typeof v === 'string')) {
    throw new RequestError(400, 'choices: renames maps field names to field names, drop lists field names');
  }
  return { renames: renames as Record<string, string>, drop: drop as string[] };
}

/** The form with `x-renamed-from` on each renamed field, wherever it is (the root properties or an if/then branch). */
export function withRenames(draft: ServiceDraft, renames: Record<string, string>): ServiceDraft {
  if (Object.keys(renames).length === 0) return draft;
  const left = new Map(Object.entries(renames));
  const rename = (properties: unknown): unknown => {
    if (!isObject(properties)) return properties;
    return Object.fromEntries(
      Object.entries(properties).map(([name, schema]) => {
        const from = left.get(name);
        if (from === undefined || !isObject(schema)) return [name, schema];
        left.delete(name);
        return [name, { ...schema, 'x-renamed-from': from }];
      }),
    );
  };
  const form = draft.files['form.schema.json'] as Schema;
  const allOf = Array.isArray(form.allOf)
    ? form.allOf.map((branch: unknown) =>
        isObject(branch) ? Object.fromEntries(Object.entries(branch).map(([k, v]) => [k, (k === 'then' || k === 'else') && isObject(v) ? { ...v, properties: rename(v.properties) } : v])) : branch,
      )
    : undefined;
  const next: Schema = { ...form, properties: rename(form.properties), ...(allOf ? { allOf } : {}) };
  if (left.size) throw new RequestError(400, `no field ${[...left.keys()].map((n) => `"${n}"`).join(', ')} in the form to rename`);
  return { ...draft, files: { ...draft.files, 'form.schema.json': next } };
}

/** Field names of this service's collection as `--drop` takes them. */
export function dropColumns(collection: string, fields: string[]): string[] {
  return fields.map((f) => (f.includes('.') ? f : `${collection}.${f}`));
}
