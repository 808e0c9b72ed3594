/**
 * Conditions of a form (design: conditions), in standard JSON Schema at the root of form.schema.json:
 * if/then/else, allOf of such, dependentRequired and dependentSchemas. A branch declares the fields it
 * shows (each a field of its own, in one place only) and what it requires; a test names root fields only.
 *
 * Each variant gets them normalised into what both RJSF and AJV's draft-07 know: allOf of {if, then,
 * else} (dependentSchemas a → {if: {required: [a]}, then: …}) and `dependencies` for dependentRequired.
 */
import type { JSONSchema7 } from 'json-schema';
import type { Problems } from '../errors.ts';
import type { ConditionBranchJson, ConditionTestJson, FormSchemaJson, PropertySchema } from '../sources.ts';

export interface ConditionBranch {
  properties: Record<string, PropertySchema>;
  required: string[];
}

export interface Condition {
  /** JSON pointer of the condition in form.schema.json. */
  at: string;
  test: ConditionTestJson;
  then?: ConditionBranch;
  else?: ConditionBranch;
}

export interface FormConditions {
  conditions: Condition[];
  /** dependentRequired: field → fields required when it is given. */
  dependentRequired: Record<string, string[]>;
  /** Fields a branch declares, by name: their schema and where they are declared. */
  fields: Record<string, { schema: PropertySchema; at: string }>;
}

const branchOf = (b: ConditionBranchJson | undefined): ConditionBranch | undefined =>
  b ? { properties: { ...(b.properties ?? {}) }, required: [...(b.required ?? [])] } : undefined;

/** The fields a condition names: those it tests, shows and requires. */
export function namedFields(c: Condition): string[] {
  const branches = [c.then, c.else].filter((b): b is ConditionBranch => b !== undefined);
  return [...new Set([...Object.keys(c.test.properties ?? {}), ...(c.test.required ?? []), ...branches.flatMap((b) => [...Object.keys(b.properties), ...b.required])])];
}

/** The conditions of a dereferenced form schema, checked; `file` is form.schema.json's path for problems. */
export function readConditions(schema: FormSchemaJson, file: string, problems: Problems): FormConditions {
  const root = schema.properties ?? {};
  const conditions: Condition[] = [];
  if (schema.if) conditions.push({ at: '', test: schema.if, ...opt('then', branchOf(schema.then)), ...opt('else', branchOf(schema.else)) });
  (schema.allOf ?? []).forEach((c, i) => conditions.push({ at: `/allOf/${i}`, test: c.if, ...opt('then', branchOf(c.then)), ...opt('else', branchOf(c.else)) }));
  for (const [name, branch] of Object.entries(schema.dependentSchemas ?? {})) {
    conditions.push({ at: `/dependentSchemas/${name}`, test: { required: [name] }, then: branchOf(branch) ?? { properties: {}, required: [] } });
  }
  for (const c of conditions) if (!c.then && !c.else) problems.add(file, c.at || '/if', 'a condition needs a "then" or an "else": the fields it shows or requires');
  const fields: FormConditions['fields'] = {};
  // Where each branch field is declared, first pass: every branch's own fields.
  for (const c of conditions) {
    for (const side of ['then', 'else'] as const) {
      const base = c.at.startsWith('/dependentSchemas/') ? c.at : `${c.at}/${side}`;
      for (const [name, prop] of Object.entries(c[side]?.properties ?? {})) {
        const at = `${base}/properties/${name}`;
        if (root[name]) problems.add(file, at, `"${name}" is declared both here and at /properties/${name}: a field is declared in one place only`);
        else if (fields[name]) problems.add(file, at, `"${name}" is declared both here and at ${fields[name].at}: a field is declared in one branch only`);
        else fields[name] = { schema: prop, at };
      }
    }
  }
  const isField = (n: string) => n in root || n in fields;
  for (const c of conditions) {
    const testAt = c.at.startsWith('/dependentSchemas/') ? c.at : `${c.at}/if`;
    for (const n of Object.keys(c.test.properties ?? {})) {
      if (!root[n]) problems.add(file, `${testAt}/properties/${n}`, `"${n}" is not a field at the root of the form: a condition tests root fields only`);
    }
    (c.test.required ?? []).forEach((n, j) => {
      if (!root[n]) problems.add(file, c.at.startsWith('/dependentSchemas/') ? c.at : `${testAt}/required/${j}`, `"${n}" is not a field at the root of the form: a condition tests root fields only`);
    });
    for (const side of ['then', 'else'] as const) {
      const branch = c[side];
      const base = c.at.startsWith('/dependentSchemas/') ? c.at : `${c.at}/${side}`;
      branch?.required.forEach((n, j) => {
        if (!root[n] && !(n in branch.properties)) problems.add(file, `${base}/required/${j}`, `"${n}" is neither a root field nor a field of this branch`);
      });
    }
  }
  const dependentRequired = schema.dependentRequired ?? {};
  for (const [name, required] of Object.entries(dependentRequired)) {
    if (!isField(name)) problems.add(file, `/dependentRequired/${name}`, `"${name}" is not a property of the form`);
    required.forEach((n, j) => !isField(n) && problems.add(file, `/dependentRequired/${name}/${j}`, `"${n}" is not a property of the form`));
  }
  return { conditions, dependentRequired, fields };
}

function opt<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

/**
 * What one variant keeps of the conditions: those whose every named field it shows, in draft-07 form.
 * `schemaOf` gives a field's schema in the variant.
 */
export function variantConditions(form: FormConditions, shown: string[], schemaOf: (name: string) => JSONSchema7 | undefined): { allOf: JSONSchema7[]; dependencies: Record<string, string[]> } {
  const kept = form.conditions.filter((c) => namedFields(c).every((n) => shown.includes(n)));
  const branch = (b: ConditionBranch): JSONSchema7 => ({
    ...(Object.keys(b.properties).length ? { properties: Object.fromEntries(Object.keys(b.properties).map((n) => [n, schemaOf(n) ?? {}])) } : {}),
    ...(b.required.length ? { required: b.required } : {}),
  });
  const allOf = kept.map((c): JSONSchema7 => ({ if: c.test as JSONSchema7, ...(c.then ? { then: branch(c.then) } : {}), ...(c.else ? { else: branch(c.else) } : {}) }));
  const dependencies = Object.fromEntries(Object.entries(form.dependentRequired).filter(([a, bs]) => [a, ...bs].every((n) => shown.includes(n))));
  return { allOf, dependencies };
}

/**
 * The server's schema: the variant's plus, per condition, a rule refusing a value for a field the
 * condition hides (the `false` schema: AJV error keyword "false schema" at the field, code `hidden`).
 * The browser drops hidden values itself, so only the server needs it.
 */
export function withHiddenRules(schema: JSONSchema7): JSONSchema7 {
  const rules: JSONSchema7[] = [];
  for (const entry of schema.allOf ?? []) {
    if (typeof entry !== 'object' || entry.if === undefined) continue;
    const fieldsOf = (b: unknown) => Object.keys((typeof b === 'object' && b !== null ? (b as JSONSchema7).properties : undefined) ?? {});
    const thenOnly = fieldsOf(entry.then).filter((n) => !fieldsOf(entry.else).includes(n));
    const elseOnly = fieldsOf(entry.else).filter((n) => !fieldsOf(entry.then).includes(n));
    const refuse = (names: string[]): JSONSchema7 => ({ properties: Object.fromEntries(names.map((n) => [n, false])) });
    if (thenOnly.length === 0 && elseOnly.length === 0) continue;
    rules.push({ if: entry.if, ...(elseOnly.length ? { then: refuse(elseOnly) } : {}), ...(thenOnly.length ? { else: refuse(thenOnly) } : {}) });
  }
  return rules.length ? { ...schema, allOf: [...(schema.allOf ?? []), ...rules] } : schema;
}
