/**
 * Step 2 of the pipeline: every file is checked against its meta-schema (schemas/meta/), so a typo in
 * a keyword is an error with a file and a JSON pointer, not a silent no-op.
 */
import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { closest } from './closest.ts';
import { memoByJson } from './memo.ts';
import { checkRefs } from './refs.ts';
import type { Problems } from './errors.ts';
import type { SchemaSources, SourceFile } from './load.ts';

/** What a meta-schema's patterns mean, said in words (a pattern's `description`, where it has one, wins). */
const PATTERNS: Record<string, string> = {
  '^[a-z][A-Za-z0-9]*$': 'a name of letters and digits that starts with a lower-case letter (like firstName)',
  '^[A-Za-z][A-Za-z0-9]*$': 'a name of letters and digits that starts with a letter (like initialPayment)',
  '^[a-z][a-z0-9-]*$': 'an id of lower-case letters, digits and hyphens that starts with a letter (like tax-return)',
  '^[a-z][a-z0-9_]*$': 'a name of lower-case letters, digits and underscores that starts with a letter (like credit_apps)',
  '^[A-Z][A-Z0-9_]*$': 'an environment variable name of capital letters, digits and underscores (like STRIPE_LINK)',
  '^/(([a-z0-9-]+|:[a-z][A-Za-z0-9]*)(/([a-z0-9-]+|:[a-z][A-Za-z0-9]*))*)?$':
    'a route: "/" and then lower-case words of letters, digits and hyphens between slashes, a parameter written :name (like /success/:amount)',
  '^/([a-z0-9-]+(/[a-z0-9-]+)*)?$': 'a route: "/" and then lower-case words of letters, digits and hyphens between slashes (like /tax-return)',
  '^/': 'a route of the site, starting with "/"',
  '^https://': 'an address starting with https://',
  '^\\d{4}-\\d{2}-\\d{2}$': 'a date written YYYY-MM-DD (like 1900-01-01)',
  '^today([+-][0-9]{1,4}[dmy])?$': 'today, or today+N / today-N with d (days), m (months) or y (years), like today-18y',
  '^[A-Za-z0-9_.-]+$': 'a message key of letters, digits, dots, hyphens and underscores',
  '^[A-Za-z0-9_.-]+( [A-Za-z0-9_.-]+)*$': 'a message key of letters, digits, dots, hyphens and underscores',
  '^((\\.\\./)*[a-z0-9/._-]+\\.json)?#/definitions/[A-Za-z0-9_]+$': 'a reference to a shared definition, like ../../common/fields.json#/definitions/email',
  '^constants\\.[A-Za-z][A-Za-z0-9]*$': 'constants.<name>, a constant of service.json',
  '^[a-z]+/[a-z0-9.+*-]+$': 'a file type (MIME type) like application/pdf or image/*',
};

const KINDS: Record<string, string> = {
  string: 'a text in double quotes',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list [ … ]',
  object: 'an object { … }',
  null: 'null',
};

const show = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
};
/** A key as a JSON pointer token (a "/" in a message key would otherwise split it). */
const token = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');
const plural = (n: unknown, one: string, many: string) => `${String(n)} ${Number(n) === 1 ? one : many}`;

/** What a pattern means, from the schema that states it: its description, else the list above. */
function patternMeaning(error: ErrorObject): string {
  const pattern = String(error.params.pattern);
  const own = (error.parentSchema as { description?: string } | undefined)?.description;
  return own ?? PATTERNS[pattern] ?? `text of the form ${pattern} (a regular expression)`;
}

/** A key the meta-schema does not list: not supported there, with what is (and the nearest name). */
function unsupported(error: ErrorObject): string {
  const key = String(error.params.additionalProperty);
  const parent = error.parentSchema as { properties?: Record<string, unknown>; patternProperties?: object } | undefined;
  const supported = Object.keys(parent?.properties ?? {});
  const near = closest(key, supported);
  if (parent?.patternProperties) supported.push('field names');
  return `not supported here: ${key} (${near ? `did you mean ${near}? ` : ''}supported: ${supported.join(', ') || 'nothing'})`;
}

/** A problem's message, in the words of someone editing the file; and where it is (a key: the key itself). */
function describe(error: ErrorObject): { pointer: string; message: string } {
  const at = error.instancePath;
  const p = error.params;
  // Errors raised by `propertyNames` are about a key of the object: point at the key.
  if (error.propertyName !== undefined) {
    const key = error.propertyName;
    const where = `${at}/${token(key)}`;
    if (error.keyword === 'pattern') return { pointer: where, message: `the key "${key}" is not ${patternMeaning(error)}` };
    const reserved = (error.schema as { enum?: unknown[] } | undefined)?.enum;
    if (error.keyword === 'not' && reserved)
      return { pointer: where, message: `"${key}" is a name the server keeps for itself (${reserved.join(', ')}): choose another` };
    if (error.keyword === 'enum') return { pointer: where, message: `the key "${key}" is not one of: ${(p.allowedValues as unknown[]).map(String).join(', ')}` };
    return { pointer: where, message: `the key "${key}" is not allowed here` };
  }
  const value = show(error.data);
  switch (error.keyword) {
    case 'additionalProperties':
      return { pointer: `${at}/${token(String(p.additionalProperty))}`, message: unsupported(error) };
    case 'required':
      return { pointer: at, message: `missing required key "${String(p.missingProperty)}"` };
    case 'enum':
      return { pointer: at, message: `${value} is not one of the allowed values: ${(p.allowedValues as unknown[]).map(show).join(', ')}` };
    case 'const':
      return { pointer: at, message: `must be ${show(p.allowedValue)}, not ${value}` };
    case 'type':
      return { pointer: at, message: `must be ${String(p.type).split(',').map((t) => KINDS[t] ?? t).join(' or ')}, not ${value}` };
    case 'minLength':
      return { pointer: at, message: Number(p.limit) === 1 ? 'must not be empty' : `must be at least ${plural(p.limit, 'character', 'characters')} long` };
    case 'maxLength':
      return { pointer: at, message: `must be at most ${plural(p.limit, 'character', 'characters')} long` };
    case 'minItems':
      return { pointer: at, message: Number(p.limit) === 1 ? 'must list at least one item' : `must list at least ${plural(p.limit, 'item', 'items')}` };
    case 'maxItems':
      return { pointer: at, message: `must list at most ${plural(p.limit, 'item', 'items')}` };
    case 'minProperties':
      return { pointer: at, message: Number(p.limit) === 1 ? 'must not be empty: give at least one key' : `must have at least ${plural(p.limit, 'key', 'keys')}` };
    case 'uniqueItems': {
      // At the second of the two: the first is where it belongs.
      const [first, again] = [Number(p.i), Number(p.j)].sort((a, b) => a - b);
      return { pointer: `${at}/${again}`, message: `${show((error.data as unknown[])[again ?? 0])} is listed twice (items ${first} and ${again}): list it once` };
    }
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum':
      return { pointer: at, message: `must be ${{ minimum: 'at least', exclusiveMinimum: 'more than', maximum: 'at most', exclusiveMaximum: 'less than' }[error.keyword]} ${String(p.limit)}, not ${value}` };
    case 'pattern':
      return { pointer: at, message: `${value} is not ${patternMeaning(error)}` };
    case 'format':
      return { pointer: at, message: `${value} is not a valid ${String(p.format)}` };
    case 'dependencies':
      return { pointer: at, message: `"${String(p.property)}" needs "${String(p.missingProperty)}" beside it` };
    case 'not':
      return { pointer: at, message: `${value} is not allowed here` };
    case 'oneOf':
    case 'anyOf':
      return { pointer: at, message: `${value} is none of the shapes allowed here` };
    default:
      return { pointer: at, message: error.message ?? error.keyword };
  }
}

/**
 * A value that is none of several shapes told apart by a constant (a block's unknown `type`): each shape
 * says "must be \"heading\"", "must be \"text\"", …; that is one problem, listing them all.
 */
function mergeConsts(errors: ErrorObject[]): ErrorObject[] {
  const byPath = new Map<string, ErrorObject[]>();
  for (const e of errors) if (e.keyword === 'const') byPath.set(e.instancePath, [...(byPath.get(e.instancePath) ?? []), e]);
  return errors.flatMap((e) => {
    const same = e.keyword === 'const' ? (byPath.get(e.instancePath) ?? []) : [];
    if (same.length < 2) return [e];
    if (same[0] !== e) return [];
    return [{ ...e, keyword: 'enum', params: { allowedValues: same.map((c) => c.params.allowedValue as unknown) } }];
  });
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
  // propertyNames wraps the error that names the key; oneOf and if wrap their branches' errors.
  const specific = mergeConsts(matchingBranches(errors.filter((e) => !['oneOf', 'if', 'propertyNames'].includes(e.keyword))));
  const typo = (e: ErrorObject) => e.keyword === 'additionalProperties' && !/\/(oneOf|anyOf)\//.test(e.schemaPath);
  const unknownKeys = new Map<string, ErrorObject>();
  for (const e of specific) if (typo(e)) unknownKeys.set(`${e.instancePath}\u0000${String(e.params.additionalProperty)}`, e);
  const deepest = new Map<string, ErrorObject>();
  for (const e of specific) {
    const key = `${e.instancePath}\u0000${e.propertyName ?? ''}`;
    if (!typo(e) && !deepest.has(key)) deepest.set(key, e);
  }
  const paths = [...[...deepest.values()].map((e) => e.instancePath), ...[...unknownKeys.values()].map((e) => e.instancePath)];
  // Drop an error when a more specific one exists below it.
  const rest = [...deepest.values()].filter((e) => !paths.some((p) => p !== e.instancePath && p.startsWith(`${e.instancePath}/`)));
  return [...unknownKeys.values(), ...rest];
}

/**
 * One AJV per set of meta-schemas: compiling them is most of a warm run's time, and the watch loop of
 * `npm run dev` and the studio's check on each edit (studio/server/check.ts) see the same ones every time.
 */
const metaAjv = memoByJson((meta: Record<string, unknown>) => {
  // verbose: an error carries its schema, so an unsupported key can be answered with the supported ones.
  const ajv = new Ajv({ allErrors: true, strict: true, strictTuples: false, allowUnionTypes: true, verbose: true });
  addFormats(ajv);
  for (const [name, schema] of Object.entries(meta)) ajv.addSchema(schema as Record<string, unknown>, name);
  return ajv;
});

export function createMetaValidator(sources: SchemaSources) {
  const ajv = metaAjv(Object.fromEntries(Object.entries(sources.meta).map(([name, file]) => [name, file.data])));
  return (metaName: string, file: SourceFile, problems: Problems): boolean => {
    const validate = ajv.getSchema(metaName);
    if (!validate) throw new Error(`unknown meta-schema ${metaName}`);
    if (validate(file.data)) return true;
    for (const e of simplify(validate.errors ?? [])) {
      const { pointer, message } = describe(e);
      problems.add(file.path, pointer, message);
    }
    return false;
  };
}

/** Checks every source file against its meta-schema. */
export function validateSources(sources: SchemaSources, problems: Problems): void {
  const check = createMetaValidator(sources);
  check('site.meta.json', sources.site, problems);
  check('fields.meta.json', sources.fields, problems);
  checkRefs(sources, problems);
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
