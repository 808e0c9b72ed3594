/**
 * Step 3: one in-memory model of the whole site, normalised from the validated sources. Every emitter
 * reads only this model. Cross-file rules (a variant naming an unknown field, a missing translation,
 * a route used twice) are checked here, with the file and pointer they come from.
 */
import $RefParser from '@apidevtools/json-schema-ref-parser';
import type { JSONSchema7 } from 'json-schema';
import { join } from 'node:path';
import type { Block, BlockPlacement, FieldTraits, Locale } from '../src/engine/types.ts';
import type { Problems } from './errors.ts';
import { LOCALES, type SchemaSources, type ServiceSource } from './load.ts';

export type FieldKind = 'text' | 'email' | 'select' | 'bool' | 'number' | 'file';

export interface FieldModel {
  name: string;
  /** The dereferenced property schema, x- keywords included. */
  schema: JSONSchema7 & Record<string, unknown>;
  kind: FieldKind;
  /** Required in every variant that shows the field, so the database may insist on it too. */
  requiredEverywhere: boolean;
  traits: FieldTraits;
  /** readOnly fields: the value the server writes (from service.json constants). */
  serverValue?: string;
}

export interface VariantModel {
  id: string;
  route: string;
  success: string;
  fields: string[];
  /** What an applicant submits in this variant: the form schema projected onto its fields. */
  schema: JSONSchema7;
  ui: Record<string, unknown>;
  blocks: BlockPlacement;
}

export interface AdminFieldModel {
  name: string;
  display: 'text' | 'email' | 'phone' | 'file' | 'masked';
  tail?: number;
  copy: boolean;
}

export interface ServiceModel {
  id: string;
  collection: string;
  /** The dereferenced full form schema (union of all variants). */
  schema: JSONSchema7;
  fields: FieldModel[];
  variants: VariantModel[];
  constants: Record<string, number | string>;
  checkout?: { url: string; env: string };
  admin: { route: string; sort: string; title: string; deleted: string; fields: AdminFieldModel[] };
  topic: string;
}

export interface PageModel {
  id: string;
  route: string;
  blocks: Block[];
}

export interface SiteModel {
  languages: Locale[];
  defaultLanguage: Locale;
  staffCollection: string;
  trashCollection: string;
  company: Record<string, string>;
  services: ServiceModel[];
  pages: PageModel[];
  /** Merged catalogue per locale: common keys, `service.<id>.*` and `page.<id>.*`. */
  messages: Record<Locale, Record<string, string>>;
}

type Json = Record<string, unknown>;

function fieldKind(schema: Json): FieldKind {
  if (schema['x-file']) return 'file';
  if (schema.enum) return 'select';
  if (schema.type === 'boolean') return 'bool';
  if (schema.type === 'number' || schema.type === 'integer') return 'number';
  if (schema.format === 'email') return 'email';
  return 'text';
}

function traitsOf(schema: Json): FieldTraits {
  const traits: FieldTraits = {};
  const file = schema['x-file'] as { accept: string[]; maxSize: number; maxFiles?: number } | undefined;
  if (file) traits.file = { accept: file.accept, maxSize: file.maxSize, maxFiles: file.maxFiles ?? 1 };
  if (schema['x-mask']) traits.mask = schema['x-mask'] as 'ssn';
  if (schema['x-sensitive']) traits.sensitive = true;
  if (schema['x-multiline']) traits.multiline = true;
  if (schema['x-options']) traits.options = `options.${String(schema['x-options'])}`;
  if (schema['x-format'] === 'usd') traits.format = 'usd';
  return traits;
}

/** Namespaces a service- or page-local message key. */
export const namespaced = (ns: string, key: string): string => `${ns}.${key}`;

function namespaceBlocks(blocks: Block[], ns: string): Block[] {
  return blocks.map((b): Block => {
    switch (b.type) {
      case 'heading':
      case 'text':
        return { ...b, message: namespaced(ns, b.message) };
      case 'list':
        return { ...b, messages: b.messages.map((m) => namespaced(ns, m)) };
      case 'price':
        return { ...b, lines: b.lines.map((l) => ({ ...l, label: namespaced(ns, l.label), ...(l.per ? { per: namespaced(ns, l.per) } : {}) })) };
      case 'fee':
        return { ...b, label: namespaced(ns, b.label) };
      case 'links':
        return { ...b, links: b.links.map((l) => ({ ...l, message: namespaced(ns, l.message) })) };
      case 'payment':
        return b;
    }
  });
}

/** Message keys a block needs, before namespacing. */
function blockKeys(block: Block): string[] {
  switch (block.type) {
    case 'heading':
    case 'text':
      return [block.message];
    case 'list':
      return block.messages;
    case 'price':
      return block.lines.flatMap((l) => [l.label, ...(l.per ? [l.per] : [])]);
    case 'fee':
      return [block.label];
    case 'links':
      return block.links.map((l) => l.message);
    case 'payment':
      return [];
  }
}

function blockConstants(block: Block): string[] {
  if (block.type === 'price') return block.lines.map((l) => l.amount);
  if (block.type === 'fee') return [block.amount];
  return [];
}

async function dereference(file: string, problems: Problems, rel: string): Promise<Json> {
  try {
    return (await $RefParser.dereference(file, { dereference: { circular: false } })) as Json;
  } catch (err) {
    problems.add(rel, '', `cannot resolve $ref: ${(err as Error).message}`);
    return { type: 'object', properties: {} };
  }
}

async function serviceModel(src: ServiceSource, problems: Problems): Promise<ServiceModel> {
  const service = src.service.data as Json;
  const ui = src.ui.data as Json;
  const admin = src.admin.data as Json;
  const ns = `service.${src.id}`;
  const schema = await dereference(join(src.dir, 'form.schema.json'), problems, src.form.path);
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const constants = (service.constants ?? {}) as Record<string, number | string>;
  const names = Object.keys(properties);

  if (service.id !== src.id) problems.add(src.service.path, '/id', `must equal the folder name "${src.id}"`);
  for (const [i, name] of [...required].entries()) {
    if (!properties[name]) problems.add(src.form.path, `/required/${i}`, `"${name}" is not a property of the form`);
  }

  const forms = (service.forms ?? []) as { id: string; route: string; success: string; fields?: string[] }[];
  const variantFields = forms.map((f, i) => {
    const chosen = f.fields ?? names.filter((n) => !properties[n]?.readOnly);
    chosen.forEach((n, j) => {
      if (!properties[n]) problems.add(src.service.path, `/forms/${i}/fields/${j}`, `"${n}" is not a property of form.schema.json`);
      else if (properties[n]?.readOnly) problems.add(src.service.path, `/forms/${i}/fields/${j}`, `"${n}" is readOnly: the server sets it`);
    });
    return chosen.filter((n) => properties[n] && !properties[n]?.readOnly);
  });

  const fields: FieldModel[] = names.map((name) => {
    const prop = properties[name] as JSONSchema7 & Json;
    const field: FieldModel = {
      name,
      schema: prop,
      kind: fieldKind(prop),
      requiredEverywhere: required.has(name) && variantFields.every((vf) => vf.includes(name)),
      traits: traitsOf(prop),
    };
    const xValue = prop['x-value'] as string | undefined;
    if (prop.readOnly) {
      const constant = xValue?.replace(/^constants\./, '');
      if (!constant || !(constant in constants)) {
        problems.add(src.form.path, `/properties/${name}/x-value`, 'a readOnly field needs x-value naming one of service.json constants');
      } else field.serverValue = String(constants[constant]);
    }
    return field;
  });

  const uiOrder = (ui['ui:order'] as string[] | undefined) ?? [];
  uiOrder.forEach((n, i) => {
    if (!properties[n]) problems.add(src.ui.path, `/ui:order/${i}`, `"${n}" is not a property of the form`);
  });
  const rawBlocks = (ui['ui:blocks'] ?? {}) as Record<string, Block[]>;
  for (const [place, blocks] of Object.entries(rawBlocks)) {
    const field = place.split(':')[1];
    if (field && !properties[field]) problems.add(src.ui.path, `/ui:blocks/${place}`, `"${field}" is not a property of the form`);
    blocks.forEach((b, i) =>
      blockConstants(b).forEach((c) => {
        if (!(c in constants)) problems.add(src.ui.path, `/ui:blocks/${place}/${i}`, `"${c}" is not one of service.json constants`);
      }),
    );
  }
  const fieldUi = Object.fromEntries(Object.entries(ui).filter(([k]) => k !== 'ui:blocks' && k !== 'ui:order'));

  const variants: VariantModel[] = forms.map((f, i) => {
    const chosen = variantFields[i] ?? [];
    const blocks = Object.fromEntries(
      Object.entries(rawBlocks)
        .filter(([place]) => !place.includes(':') || chosen.includes(place.split(':')[1] ?? ''))
        .map(([place, bs]) => [place, namespaceBlocks(bs, ns)]),
    );
    return {
      id: f.id,
      route: f.route,
      success: f.success,
      fields: chosen,
      schema: {
        type: 'object',
        additionalProperties: false,
        required: [...required].filter((n) => chosen.includes(n)),
        properties: Object.fromEntries(chosen.map((n) => [n, properties[n] as JSONSchema7])),
      },
      ui: {
        'ui:order': [...uiOrder.filter((n) => chosen.includes(n)), '*'],
        ...Object.fromEntries(Object.entries(fieldUi).filter(([k]) => chosen.includes(k))),
      },
      blocks,
    };
  });

  const adminFields = ((admin.fields ?? []) as { name: string; display?: string; tail?: number; copy?: boolean }[]).map((f, i) => {
    const prop = properties[f.name];
    if (!prop) problems.add(src.admin.path, `/fields/${i}/name`, `"${f.name}" is not a property of the form`);
    const display = prop?.['x-sensitive'] ? 'masked' : ((f.display ?? (prop?.['x-file'] ? 'file' : 'text')) as AdminFieldModel['display']);
    return { name: f.name, display, copy: f.copy ?? true, ...(f.tail ? { tail: f.tail } : {}) };
  });
  const adminConfig = service.admin as { route: string; order: 'newest' | 'stored' };
  return {
    id: src.id,
    collection: String(service.collection),
    schema: schema as JSONSchema7,
    fields,
    variants,
    constants,
    ...(service.checkout ? { checkout: service.checkout as { url: string; env: string } } : {}),
    admin: {
      route: adminConfig?.route,
      sort: adminConfig?.order === 'stored' ? 'created' : '-created',
      title: namespaced(ns, String(admin.title)),
      deleted: namespaced(ns, String(admin.deleted)),
      fields: adminFields,
    },
    topic: String((service.trash as Json | undefined)?.topic),
  };
}

/** Keys the screens of a service will ask for; each must exist in every language. */
function requiredServiceKeys(s: ServiceModel, src: ServiceSource): { key: string; where: string }[] {
  const ns = `service.${s.id}`;
  const local = (src.messages.en?.data ?? {}) as Record<string, string>;
  const either = (localKey: string, commonKey: string) => (localKey in local ? `${ns}.${localKey}` : commonKey);
  const keys: { key: string; where: string }[] = [{ key: `${ns}.title`, where: src.service.path }];
  for (const f of s.fields.filter((field) => !field.schema.readOnly)) {
    keys.push({ key: either(`fields.${f.name}.label`, `fields.${f.name}.label`), where: `${src.form.path}#/properties/${f.name}` });
    // Amounts label themselves (x-format); other options need a text in every language.
    for (const value of (f.traits.format ? [] : (f.schema.enum ?? [])) as (string | number)[]) {
      const key = f.traits.options ? `${f.traits.options}.${value}` : `${ns}.fields.${f.name}.options.${value}`;
      keys.push({ key, where: `${src.form.path}#/properties/${f.name}/enum` });
    }
  }
  for (const v of s.variants) {
    for (const blocks of Object.values(v.blocks)) for (const b of blocks) for (const key of blockKeys(b)) keys.push({ key, where: src.ui.path });
  }
  keys.push({ key: s.admin.title, where: src.admin.path }, { key: s.admin.deleted, where: src.admin.path });
  for (const f of s.admin.fields) {
    if (!f.name) continue;
    keys.push({ key: either(`fields.${f.name}.label`, `fields.${f.name}.label`), where: src.admin.path });
  }
  return keys;
}

function matchesAny(key: string, patterns: string[]): boolean {
  return patterns.some((p) => (p.endsWith('*') ? key.startsWith(p.slice(0, -1)) : key === p));
}

/** Each language file of one folder has the same keys, and uz/ru are real translations. */
function checkTranslations(files: Record<string, { path: string; data: unknown }>, same: string[], ns: string, problems: Problems): void {
  const en = (files.en?.data ?? {}) as Record<string, string>;
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    const file = files[locale];
    if (!file) continue;
    const other = file.data as Record<string, string>;
    for (const key of Object.keys(en)) {
      if (!(key in other)) problems.add(file.path, `/${key}`, `missing translation of "${key}" (present in en.json)`);
      else if (other[key] === en[key] && !matchesAny(ns ? `${ns}.${key}` : key, same)) {
        problems.add(file.path, `/${key}`, `"${key}" is the same as in English; translate it (or list it in common/i18n/same-in-all-languages.json)`);
      }
    }
    for (const key of Object.keys(other)) if (!(key in en)) problems.add(file.path, `/${key}`, `"${key}" is not in en.json`);
  }
}

export async function buildModel(sources: SchemaSources, problems: Problems): Promise<SiteModel> {
  const site = sources.site.data as Json;
  const same = ((sources.sameInAllLanguages.data as Json).keys ?? []) as string[];
  const services = await Promise.all(sources.services.map((s) => serviceModel(s, problems)));
  const pages: PageModel[] = sources.pages.map((p) => {
    const page = p.page.data as Json;
    if (page.id !== p.id) problems.add(p.page.path, '/id', `must equal the folder name "${p.id}"`);
    return { id: p.id, route: String(page.route), blocks: namespaceBlocks((page.blocks ?? []) as Block[], `page.${p.id}`) };
  });

  const messages = Object.fromEntries(LOCALES.map((l) => [l, { ...((sources.commonMessages[l]?.data ?? {}) as Record<string, string>) }])) as Record<Locale, Record<string, string>>;
  checkTranslations(sources.commonMessages, same, '', problems);
  for (const s of sources.services) {
    checkTranslations(s.messages, same, `service.${s.id}`, problems);
    for (const l of LOCALES) for (const [k, v] of Object.entries((s.messages[l]?.data ?? {}) as Record<string, string>)) messages[l][`service.${s.id}.${k}`] = v;
  }
  for (const p of sources.pages) {
    checkTranslations(p.messages, same, `page.${p.id}`, problems);
    for (const l of LOCALES) for (const [k, v] of Object.entries((p.messages[l]?.data ?? {}) as Record<string, string>)) messages[l][`page.${p.id}.${k}`] = v;
  }

  for (const [i, s] of services.entries()) {
    const src = sources.services[i] as ServiceSource;
    for (const { key, where } of requiredServiceKeys(s, src)) {
      if (!(key in messages.en)) problems.add(where.split('#')[0] ?? where, where.split('#')[1] ?? '', `no English text for message "${key}"`);
    }
  }
  for (const p of pages) {
    const src = sources.pages.find((x) => x.id === p.id);
    for (const key of [`page.${p.id}.title`, ...p.blocks.flatMap(blockKeys)]) {
      if (!(key in messages.en)) problems.add(src?.page.path ?? '', '/blocks', `no English text for message "${key}"`);
    }
  }

  // Routes and collections are global names: two services may not claim the same one.
  const routes = new Map<string, string>();
  const claim = (route: string, where: string) => {
    const owner = routes.get(route);
    if (owner) problems.add(where, '', `route ${route} is already used by ${owner}`);
    else routes.set(route, where);
  };
  const collections = new Map<string, string>();
  for (const [i, s] of services.entries()) {
    const src = sources.services[i] as ServiceSource;
    s.variants.forEach((v) => claim(v.route, src.service.path));
    claim(s.admin.route, src.service.path);
    const owner = collections.get(s.collection);
    if (owner) problems.add(src.service.path, '/collection', `collection ${s.collection} is already used by ${owner}`);
    collections.set(s.collection, src.service.path);
  }
  for (const [i, p] of pages.entries()) claim(p.route, sources.pages[i]?.page.path ?? '');
  for (const [i, s] of services.entries()) {
    s.variants.forEach((v, j) => {
      if (!routes.has(v.success)) problems.add(sources.services[i]?.service.path ?? '', `/forms/${j}/success`, `no page or form has the route ${v.success}`);
    });
  }

  return {
    languages: (site.languages ?? ['en']) as Locale[],
    defaultLanguage: (site.defaultLanguage ?? 'en') as Locale,
    staffCollection: String(site.staffCollection),
    trashCollection: String(site.trashCollection),
    company: (site.company ?? {}) as Record<string, string>,
    services,
    pages,
    messages,
  };
}
