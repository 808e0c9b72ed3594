/**
 * Step 2 of the pipeline: every file is checked against its meta-schema (schemas/meta/), so a typo in
 * a keyword is an error with a file and a JSON pointer, not a silent no-op.
 */
import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { Problems } from './errors.ts';
import type { SchemaSources, SourceFile } from './load.ts';

function describe(error: ErrorObject): string {
  // Errors raised by `propertyNames` name the offending key; say which one.
  if (error.propertyName !== undefined) return `invalid key "${error.propertyName}": ${error.message ?? error.keyword}`;
  switch (error.keyword) {
    case 'additionalProperties':
      return `unknown key "${String(error.params.additionalProperty)}" (is it a typo?)`;
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

/** oneOf reports every branch; keep the most specific errors so the message stays readable. */
function simplify(errors: ErrorObject[]): ErrorObject[] {
  const specific = errors.filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'if');
  const deepest = new Map<string, ErrorObject>();
  for (const e of specific) {
    if (!deepest.has(e.instancePath)) deepest.set(e.instancePath, e);
  }
  const paths = [...deepest.keys()];
  // Drop an error when a more specific one exists below it.
  return [...deepest.values()].filter((e) => !paths.some((p) => p !== e.instancePath && p.startsWith(`${e.instancePath}/`)));
}

export function createMetaValidator(sources: SchemaSources) {
  const ajv = new Ajv({ allErrors: true, strict: true, strictTuples: false, allowUnionTypes: true });
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
