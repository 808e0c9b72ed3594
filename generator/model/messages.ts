/**
 * The message catalogues: every folder's i18n files checked against each other (same keys, real
 * translations, the English text's ICU arguments) and merged into one catalogue per language, with
 * service and page keys namespaced (`service.<id>.*`, `page.<id>.*`).
 */
import type { JSONSchema7, JSONSchema7Definition } from 'json-schema';
import type { FieldGroup, FieldTraits, Locale } from '../../shared/registry.ts';
import { isVerbatimMessage } from '../../shared/messageParts.ts';
import { closest } from '../closest.ts';
import type { Problems } from '../errors.ts';
import { LOCALES, type SchemaSources, type ServiceSource, type SourceFile } from '../load.ts';
import type { MessagesJson } from '../sources.ts';
import { messageArguments } from '../transform/messageArguments.ts';
import { blockKeys } from './blocks.ts';
import { listingKeys } from './listing.ts';
import type { ServiceModel } from './types.ts';

export type Catalogues = Record<Locale, Record<string, string>>;

function matchesAny(key: string, patterns: string[]): boolean {
  return patterns.some((p) => (p.endsWith('*') ? key.startsWith(p.slice(0, -1)) : key === p));
}

/**
 * A key that one language file alone has, while the other files all have a near one that it lacks, is
 * misspelt in that file: one problem, there (not a missing translation in each other file). The file is
 * then read as if it were spelt right, so no later check reports the same slip again. Returns the keys
 * handled, as `<locale> <key>`.
 */
function misspeltKeys(files: Record<string, SourceFile<MessagesJson>>, problems: Problems): Set<string> {
  const handled = new Set<string>();
  for (const locale of LOCALES) {
    const file = files[locale];
    const others = LOCALES.filter((l) => l !== locale && files[l]).map((l) => files[l] as SourceFile<MessagesJson>);
    if (!file || others.length < 2) continue;
    const lacking = new Set(Object.keys(others[0]?.data ?? {}).filter((k) => !(k in file.data) && others.every((o) => k in o.data)));
    for (const key of Object.keys(file.data).filter((k) => others.every((o) => !(k in o.data)))) {
      const meant = closest(key, lacking);
      if (!meant) continue;
      lacking.delete(meant);
      handled.add(`${locale} ${key}`).add(`${locale} ${meant}`);
      const names = others.map((o) => o.path.split('/').at(-1)).join(' and ');
      problems.add(file.path, `/${key}`, `"${key}" is misspelt: ${names} call it "${meant}"; rename it here`);
      file.data[meant] = file.data[key] as string;
    }
  }
  return handled;
}

/** Each language file of one folder has the same keys, and uz/ru are real translations. */
function checkTranslations(files: Record<string, SourceFile<MessagesJson>>, same: string[], ns: string, problems: Problems): void {
  const misspelt = misspeltKeys(files, problems);
  const en = files.en?.data ?? {};
  /** A message's arguments, or null (and a problem) when it is not a valid ICU message. */
  const argumentsOf = (file: { path: string }, locale: Locale, key: string, text: string): Set<string> | null => {
    if (typeof text !== 'string' || isVerbatimMessage(ns ? `${ns}.${key}` : key)) return null;
    const parsed = messageArguments(text, locale);
    if ('arguments' in parsed) return parsed.arguments;
    problems.add(file.path, `/${key}`, `"${key}" is not a valid ICU message: ${parsed.error}`);
    return null;
  };
  const english = new Map(Object.entries(en).map(([key, text]) => [key, files.en ? argumentsOf(files.en, 'en', key, text) : null]));
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    const file = files[locale];
    if (!file) continue;
    const other = file.data;
    for (const [key, enText] of Object.entries(en)) {
      const text = other[key];
      if (misspelt.has(`en ${key}`) && !(key in other)) continue;
      if (text === undefined) {
        // At the key that comes before it in English, where the translation belongs.
        const keys = Object.keys(en);
        const before = keys.slice(0, keys.indexOf(key)).reverse().find((k) => k in other);
        problems.add(file.path, `/${key}`, `missing translation of "${key}" (present in en.json)`, before ? problems.position(file.path, `/${before}`) : undefined);
      }
      else if (text === enText && !matchesAny(ns ? `${ns}.${key}` : key, same)) {
        problems.add(file.path, `/${key}`, `"${key}" is the same as in English; translate it (or list it in common/i18n/same-in-all-languages.json)`);
      } else {
        const want = english.get(key);
        const have = argumentsOf(file, locale, key, text);
        if (!want || !have) continue;
        const missing = [...want].filter((a) => !have.has(a));
        const extra = [...have].filter((a) => !want.has(a));
        if (missing.length || extra.length) {
          const list = (names: string[]) => names.map((n) => (n.startsWith('<') ? n : `{${n}}`)).join(', ');
          problems.add(
            file.path,
            `/${key}`,
            `"${key}" must use the arguments of the English text` + (missing.length ? `; it lacks ${list(missing)}` : '') + (extra.length ? `; English has no ${list(extra)}` : ''),
          );
        }
      }
    }
    for (const key of Object.keys(other)) if (!(key in en) && !misspelt.has(`${locale} ${key}`)) problems.add(file.path, `/${key}`, `"${key}" is not in en.json`);
  }
}

/** Checks every folder's translations and merges them: common keys, then each service's and each page's. */
export function catalogues(sources: SchemaSources, problems: Problems): Catalogues {
  const same = sources.sameInAllLanguages.data.keys ?? [];
  const common = (l: Locale) => ({ ...(sources.commonMessages[l]?.data ?? {}) });
  const merged: Catalogues = { en: common('en'), uz: common('uz'), ru: common('ru') };
  checkTranslations(sources.commonMessages, same, '', problems);
  for (const s of sources.services) {
    checkTranslations(s.messages, same, `service.${s.id}`, problems);
    for (const l of LOCALES) for (const [k, v] of Object.entries(s.messages[l]?.data ?? {})) merged[l][`service.${s.id}.${k}`] = v;
  }
  for (const p of sources.pages) {
    checkTranslations(p.messages, same, `page.${p.id}`, problems);
    for (const l of LOCALES) for (const [k, v] of Object.entries(p.messages[l]?.data ?? {})) merged[l][`page.${p.id}.${k}`] = v;
  }
  return merged;
}

/**
 * The error texts a field needs (`prefix`: its texts' key, service.<id>.fields.<name>): each one its
 * x-errors names, and one for a pattern, which the generic "check the format" cannot explain: the
 * field's x-errors.pattern, else the service's own fields.<name>.errors.pattern.
 */
function errorTextKeys(prefix: string, property: JSONSchema7Definition | undefined, traits: FieldTraits): string[] {
  const keys = Object.values(traits.errors ?? {});
  if (typeof property === 'object' && property.pattern && !traits.errors?.pattern) keys.push(`${prefix}.errors.pattern`);
  return keys;
}

/**
 * A repeating group's own texts: its Add button, its rows' title ("Dependent {number}"), and each row
 * field's label and option texts (`fields.<group>.items.<field>.…`).
 */
function groupKeys(ns: string, name: string, property: JSONSchema7, group: FieldGroup, where: string): { key: string; where: string }[] {
  const keys = [
    { key: `${ns}.fields.${name}.add`, where },
    { key: `${ns}.fields.${name}.row`, where },
  ];
  const items = typeof property.items === 'object' && !Array.isArray(property.items) ? property.items : {};
  for (const [item, traits] of Object.entries(group.items)) {
    const at = `${where}/items/properties/${item}`;
    keys.push({ key: `${ns}.fields.${name}.items.${item}.label`, where: at });
    const schema = items.properties?.[item];
    for (const key of errorTextKeys(`${ns}.fields.${name}.items.${item}`, schema, traits)) keys.push({ key, where: at });
    const options = typeof schema === 'object' ? (schema.enum ?? []) : [];
    for (const value of traits.format ? [] : options) {
      keys.push({ key: traits.options ? `${traits.options}.${String(value)}` : `${ns}.fields.${name}.items.${item}.options.${String(value)}`, where: `${at}/enum` });
    }
  }
  return keys;
}

/** Keys the screens of a service will ask for; each must exist in every language. */
export function requiredServiceKeys(s: ServiceModel, src: ServiceSource): { key: string; where: string }[] {
  const ns = `service.${s.id}`;
  const local = src.messages.en?.data ?? {};
  const either = (localKey: string, commonKey: string) => (localKey in local ? `${ns}.${localKey}` : commonKey);
  const keys: { key: string; where: string }[] = [{ key: `${ns}.title`, where: src.service.path }];
  for (const v of s.variants) {
    const properties = v.schema.properties ?? {};
    for (const name of v.fields) {
      const where = `${src.form.path}#/properties/${name}`;
      const label = `forms.${v.id}.fields.${name}.label`;
      keys.push({ key: label in local ? `${ns}.${label}` : either(`fields.${name}.label`, `fields.${name}.label`), where });
      const traits = v.traits[name] ?? {};
      // A conditional field's schema is in a branch of the variant's conditions, not among its root properties.
      const property = properties[name] ?? s.fields.find((f) => f.name === name)?.schema;
      const options = typeof property === 'object' ? (property.enum ?? []) : [];
      // Amounts label themselves (x-format); other options need a text in every language.
      for (const value of traits.format ? [] : options) {
        keys.push({ key: traits.options ? `${traits.options}.${String(value)}` : `${ns}.fields.${name}.options.${String(value)}`, where: `${where}/enum` });
      }
      if (traits.group && typeof property === 'object') keys.push(...groupKeys(ns, name, property, traits.group, where));
      for (const key of errorTextKeys(`${ns}.fields.${name}`, property, traits)) keys.push({ key, where });
    }
    for (const blocks of Object.values(v.blocks)) for (const b of blocks) for (const key of blockKeys(b)) keys.push({ key, where: src.ui.path });
    // A step's title (steps.<id> of the service's texts).
    for (const step of v.steps ?? []) keys.push({ key: step.title, where: src.ui.path });
    // A section's heading (sections.<id>).
    for (const section of v.sections ?? []) keys.push({ key: section.title, where: src.ui.path });
    if (typeof v.success !== 'string') for (const b of v.success.blocks) for (const key of blockKeys(b)) keys.push({ key, where: src.service.path });
  }
  keys.push(...listingKeys(src));
  keys.push({ key: s.admin.title, where: src.admin.path }, { key: s.admin.deleted, where: src.admin.path });
  for (const f of s.admin.fields) {
    if (!f.name) continue;
    keys.push({ key: f.label ?? either(`fields.${f.name}.label`, `fields.${f.name}.label`), where: src.admin.path });
  }
  return keys;
}

/** Every message a service's screens need exists in English (checkTranslations puts it in the other languages). */
export function checkServiceKeys(services: ServiceModel[], sources: SchemaSources, messages: Catalogues, problems: Problems): void {
  for (const [i, s] of services.entries()) {
    const src = sources.services[i];
    if (!src) continue;
    for (const { key, where } of requiredServiceKeys(s, src)) {
      if (!(key in messages.en)) problems.add(where.split('#')[0] ?? where, where.split('#')[1] ?? '', `no English text for message "${key}"`);
    }
  }
}
