/**
 * The names of a service's form fields: the root properties of form.schema.json and those of its
 * conditional branches (allOf[].then, allOf[].else), in that order, each once. Used by the Save dialog to
 * offer the fields a removed one may have been renamed to.
 */
import type { ServiceDraft } from '../../model/document.ts';

type SchemaObject = { properties?: Record<string, unknown>; allOf?: { then?: SchemaObject; else?: SchemaObject }[] };

export function fieldNames(draft: ServiceDraft | null): string[] {
  const schema = (draft?.files['form.schema.json'] ?? {}) as SchemaObject;
  const names = new Set(Object.keys(schema.properties ?? {}));
  for (const branch of schema.allOf ?? []) for (const part of [branch.then, branch.else]) for (const name of Object.keys(part?.properties ?? {})) names.add(name);
  return [...names];
}

/** The fields of the draft that were not on disk: what a removed field may have been renamed to. */
export function newFieldNames(draft: ServiceDraft, saved: ServiceDraft | null): string[] {
  const before = new Set(fieldNames(saved));
  return fieldNames(draft).filter((name) => !before.has(name));
}
