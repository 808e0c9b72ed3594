/**
 * Step 2 of the pipeline: every file is checked against its meta-schema (schemas/meta/), so a typo in
 * a keyword is an error with a file and a JSON pointer, not a silent no-op.
 */
import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { Problems } from './errors.ts';
import type { SchemaSources, SourceFile } from './load.ts';

/**
 * A `ui:` key the engine does not read (an RJSF feature such as ui:hidden, a rule language such as
 * ui:rule) is no typo: say it is not supported there and what is, from the meta-schema's own list.
 */
function unsupportedUiKey(error: ErrorObject): string | undefined {
  const key = String(error.params.additionalProperty);
  if (!key.startsWith('ui:')) return undefined;
  const parent = error.parentSchema as { properties?: Record<string, unknown>; patternProperties?: object } | undefined;
  const supported = Object.keys(parent?.properties ?? {});
  if (parent?.patternProperties) supported.push('field names');
  return `not supported here: ${key} (supported: ${supported.join(', ') || 'nothing'})`;
}

function describe(error: ErrorObject): string {
  // Errors raised by `propertyNames` name the offending key; say which one.
  if (error.propertyName !== undefined) return `invalid key "${error.propertyName}": ${error.message ?? error.keyword}`;
  switch (error.keyword) {
    case 'additionalProperties':
      return unsupportedUiKey(error) ?? `unknown key "${String(error.params.additionalProperty)}" (is it a typo?)`;
    case 'required':
      return `missing required key "${String(error.params.missingProperty)}"`;
    case 'enum':
      return `must be one of ${JSON.stringify(error.params.allowedValues)}`;
    case 'const':
      return `must be ${JSON.stringify(error.params.allowedValue)}`;
    case 'propertyNames':
      return `invalid name "${String(error.params.propertyName)}"`;
    default:
      return error.message ?? error.keyword;
  }
}

/** The oneOf/anyOf branch an error comes from ("…/oneOf/2"), if any: the innermost. */
const branchOf = (e: ErrorObject): string | undefined => /^(.*\/(?:oneOf|anyOf)\/\d+)\//.exec(e.schemaPath)?.[1];

/**
 * A block is one of several shapes told apart by its `type`: the errors of the shapes whose type it is
 * not ("must be \"heading\"") say nothing about it, once the shape whose type it has reports its own.
 */
function matchingBranches(errors: ErrorObject[]): ErrorObject[] {
  const otherType = new Set(errors.filter((e) => e.keyword === 'const' && e.instancePath.endsWith('/type')).map(branchOf).filter((b) => b !== undefined));
  const group = (branch: string) => branch.replace(/\/\d+$/, '');
  const matched = new Set(errors.map(branchOf).filter((b): b is string => b !== undefined && !otherType.has(b)).map(group));
  return errors.filter((e) => {
    const branch = branchOf(e);
    return !branch || !otherType.has(branch) || !matched.has(group(branch));
  });
}

/**
 * oneOf reports every branch; keep the most specific errors so the message stays readable. An unknown
 * key (a typo) outside a oneOf branch is not branch noise: each one is kept, wherever it is, so three
 * typos are three problems.
 */
function simplify(errors: ErrorObject[]): ErrorObject[] {
  const specific = matchingBranches(errors.filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'if'));
  const typo = (e: ErrorObject) => e.keyword === 'additionalProperties' && !/\/(oneOf|anyOf)\//.test(e.schemaPath);
  const unknownKeys = new Map<string, ErrorObject>();
  for (const e of specific) if (typo(e)) unknownKeys.set(`${e.instancePath}\u0000${String(e.params.additionalProperty)}`, e);
  const deepest = new Map<string, ErrorObject>();
  for (const e of specific) {
    if (!typo(e) && !deepest.has(e.instancePath)) deepest.set(e.instancePath, e);
  }
  const paths = [...deepest.keys(), ...[...unknownKeys.values()].map((e) => e.instancePath)];
  // Drop an error when a more specific one exists below it.
  const rest = [...deepest.values()].filter((e) => !paths.some((p) => p !== e.instancePath && p.startsWith(`${e.instancePath}/`)));
  return [...unknownKeys.values(), ...rest];
}

export function createMetaValidator(sources: SchemaSources) {
  // verbose: an error carries its schema, so an unsupported key can be answered with the supported ones.
  const ajv = new Ajv({ allErrors: true, strict: true, strictTuples: false, allowUnionTypes: true, verbose: true });
  addFormats(ajv);
  for (const [name, file] of Object.entries(sources.meta)) {
    const schema = file.data as Record<string, unknown>;
    ajv.addSchema(schema, name);
  }
  return (metaName: string, file: SourceFile, problems: Problems): boolean => {
    const validate = ajv.getSchema(metaName);
    if (!validate) throw new Error(`unknown meta-schema ${metaName}`);
    if (validate(file.data)) return true;
    for (const e of simplify(validate.errors ?? [])) problems.add(file.path, e.instancePath, describe(e));
    return false;
  };
}

/** Checks every source file against its meta-schema. */
export function validateSources(sources: SchemaSources, problems: Problems): void {
  const check = createMetaValidator(sources);
  check('site.meta.json', sources.site, problems);
  check('fields.meta.json', sources.fields, problems);
  for (const file of Object.values(sources.commonMessages)) check('messages.meta.json', file, problems);
  for (const s of sources.services) {
    check('service.meta.json', s.service, problems);
    check('form.meta.json', s.form, problems);
    check('ui.meta.json', s.ui, problems);
    check('admin.meta.json', s.admin, problems);
    for (const file of Object.values(s.messages)) check('messages.meta.json', file, problems);
    for (const m of s.mail) check('mail.meta.json', m.subject, problems);
  }
  for (const m of sources.mail) check('mail.meta.json', m.subject, problems);
  for (const p of sources.pages) {
    check('page.meta.json', p.page, problems);
    for (const file of Object.values(p.messages)) check('messages.meta.json', file, problems);
  }
}
