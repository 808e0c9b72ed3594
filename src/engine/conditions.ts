/**
 * Conditional fields (JSON Schema if/then/else in the variant's schema, design §1): which fields the
 * current answers show, and the answers with every hidden field's value dropped. RJSF resolves the
 * conditions itself (`retrieveSchema`, public in @rjsf/utils, with the form's own validator); we ask it
 * rather than re-implement JSON Schema. A hidden value is neither validated nor sent: the server
 * refuses one (errors.hidden).
 */
import { retrieveSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';

type Values = Record<string, unknown>;

const branchesOf = (schema: RJSFSchema): RJSFSchema[] => {
  const out: RJSFSchema[] = [];
  const visit = (s: unknown) => {
    if (!s || typeof s !== 'object') return;
    const node = s as RJSFSchema;
    for (const key of ['then', 'else'] as const) if (node[key] && typeof node[key] === 'object') out.push(node[key] as RJSFSchema, ...branchesOf(node[key] as RJSFSchema));
    for (const part of node.allOf ?? []) visit(part);
  };
  visit(schema);
  return out;
};

/** Every field of the form, conditional ones too (in then/else branches), each once, root fields first. */
export function allFields(schema: RJSFSchema): string[] {
  const names = new Set(Object.keys(schema.properties ?? {}));
  for (const branch of branchesOf(schema)) for (const name of Object.keys(branch.properties ?? {})) names.add(name);
  return [...names];
}

/** Whether the schema has a condition at all: a form without one skips the resolution. */
export const hasConditions = (schema: RJSFSchema): boolean => branchesOf(schema).length > 0;

/** The fields the answers `data` show: the root's and those of every branch whose condition holds. */
export function shownFields(validator: ValidatorType, schema: RJSFSchema, data: Values): Set<string> {
  if (!hasConditions(schema)) return new Set(Object.keys(schema.properties ?? {}));
  const resolved = retrieveSchema(validator, schema, schema, data);
  return new Set(Object.keys(resolved.properties ?? {}));
}

/**
 * `data` without the values of the fields it hides. Repeated until nothing changes: dropping one value
 * may close another branch (a field shown by a field that is itself conditional).
 */
export function dropHidden(validator: ValidatorType, schema: RJSFSchema, data: Values): Values {
  if (!hasConditions(schema)) return data;
  const every = new Set(allFields(schema));
  let current = data;
  for (let round = 0; round < 8; round++) {
    const shown = shownFields(validator, schema, current);
    const hidden = Object.keys(current).filter((k) => every.has(k) && !shown.has(k) && current[k] !== undefined);
    if (hidden.length === 0) return current;
    current = Object.fromEntries(Object.entries(current).filter(([k]) => !hidden.includes(k)));
  }
  return current;
}
