/**
 * Step 3: one in-memory model of the whole site, normalised from the validated sources. Every emitter
 * reads only this model. Cross-file rules (a variant naming an unknown field, a missing translation,
 * a route used twice) are checked here, with the file and pointer they come from.
 */
import $RefParser from '@apidevtools/json-schema-ref-parser';
import type { JSONSchema7 } from 'json-schema';
import { join } from 'node:path';
import type { Block, BlockPlacement, Company, FieldTraits, Link, Locale, Product } from '../src/engine/types.ts';
import type { Problems } from './errors.ts';
import { agreementsModel, agreementValues, type AgreementsModel, type PaymentTiming } from './agreements.ts';
import { LOCALES, type SchemaSources, type ServiceSource } from './load.ts';
import { mailModels, STAFF_NOTICE, type MailTemplateModel } from './mail.ts';
import { messageArguments } from './transform/messageArguments.ts';
import { isVerbatimMessage } from '../src/engine/messageParts.ts';

export type FieldKind = 'text' | 'email' | 'select' | 'bool' | 'number' | 'file';

export interface FieldModel {
  name: string;
  /** The dereferenced property schema, x- keywords included. */
  schema: JSONSchema7 & Record<string, unknown>;
  kind: FieldKind;
  /** Required in every variant that shows the field, so the database may insist on it too. */
  requiredEverywhere: boolean;
  traits: FieldTraits;
  /** Schemas other variants give this field (form.schema.json x-variants); the column holds them all. */
  alternatives: (JSONSchema7 & Record<string, unknown>)[];
  /** readOnly fields: the value the server writes (from service.json constants). */
  serverValue?: string;
  /**
   * The privacy policy's CCPA categories of what the column holds (x-category, of every variant's
   * schema): the retention job keeps the field for the longest period among them.
   */
  categories: string[];
}

/** After a successful submit: go to a page, or show blocks instead of / above the (cleared) form. */
export type SuccessModel = string | { show: 'instead' | 'above'; blocks: Block[] };

export interface VariantModel {
  id: string;
  route: string;
  success: SuccessModel;
  fields: string[];
  /** The payment link offered after a save: the variant's own, else the service's. */
  checkout?: { url: string; env: string };
  /** Traits of this variant's fields (a variant may swap a field's schema: x-variants). */
  traits: Record<string, FieldTraits>;
  /** What an applicant submits in this variant: the form schema projected onto its fields. */
  schema: JSONSchema7;
  ui: Record<string, unknown>;
  blocks: BlockPlacement;
}

export interface AdminFieldModel {
  name: string;
  /** The card's own label (namespaced message key), else the form's label. */
  label?: string;
  display: 'text' | 'email' | 'phone' | 'file' | 'masked' | 'usd';
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
  admin: { route: string; aliases: string[]; sort: string; title: string; deleted: string; fields: AdminFieldModel[] };
  topic: string;
  /** E-mails a submission sends: the applicant's (template, field with the address) and a staff notice. */
  mail: { applicant?: { template: string; to: string }; staff: boolean; staffTemplate?: string; name: string[] };
  /** Documents read and signed before submitting, and the right to cancel (service.json "agreements"). */
  agreements?: AgreementsModel;
  /** When the checkout link is offered (service.json "payment"). */
  payment: PaymentTiming;
}

export interface PageModel {
  id: string;
  route: string;
  blocks: Block[];
}

/** The names of the collections every site has beside its services, as both runtimes are told them. */
export function siteCollections(site: SiteModel) {
  const { staffCollection, trashCollection, outboxCollection, auditCollection, historyCollection, signatureCollection, agreementTextCollection, webhookEventCollection } = site;
  return { staffCollection, trashCollection, outboxCollection, auditCollection, historyCollection, signatureCollection, agreementTextCollection, webhookEventCollection };
}

export interface SiteModel {
  languages: Locale[];
  defaultLanguage: Locale;
  staffCollection: string;
  trashCollection: string;
  outboxCollection: string;
  /** Audited staff actions (reveal, unmasked export, restore, purge): admins read it. */
  auditCollection: string;
  /** Status changes of applications, with who and when. */
  historyCollection: string;
  /** The status workflow; the first is a new submission's. */
  statuses: string[];
  /** Agreements applicants signed or were shown. */
  signatureCollection: string;
  /** Every agreement text ever presented, by hash (what a signature names). */
  agreementTextCollection: string;
  /** The payment provider's webhook events already acted on (server only). */
  webhookEventCollection: string;
  /** Days personal data is kept: per CCPA category letter, else the default (site.json retention). */
  retention: RetentionModel;
  company: Company;
  /** Site-wide constants for page blocks. */
  constants: Record<string, number | string>;
  header: Link[];
  footer: Link[];
  products: Record<string, Product>;
  /**
   * Where the provider sends a product's buyer: back to the page that sells it (the first page with its
   * checkout block; "/" if none) if they give up, to its `paid` page (else that same page) once paid.
   */
  productPages: Record<string, { soldOn: string; paid: string }>;
  services: ServiceModel[];
  pages: PageModel[];
  mail: MailTemplateModel[];
  /** Merged catalogue per locale: common keys, `service.<id>.*` and `page.<id>.*`. */
  messages: Record<Locale, Record<string, string>>;
}

export interface RetentionModel {
  default: number;
  categories: Record<string, number>;
}

type Json = Record<string, unknown>;

/** site.json retention without its $comment (validated by site.meta.json). */
function retentionOf(value: Partial<RetentionModel> | undefined): RetentionModel {
  return { default: value?.default ?? 90, categories: { ...(value?.categories ?? {}) } };
}

/** x-category as a list: one letter or several. */
function categoriesOf(schema: Json): string[] {
  const value = schema['x-category'];
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

/** Routes the renderer serves itself (staff sign-in and console screens); no schema may claim them. */
export const RESERVED_ROUTES = ['/admin', '/staff', '/application'];

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
  if (schema['x-route-param']) traits.routeParam = String(schema['x-route-param']);
  return traits;
}

/** Namespaces a service- or page-local message key. */
export const namespaced = (ns: string, key: string): string => `${ns}.${key}`;

function namespaceBlocks(blocks: Block[], ns: string): Block[] {
  const key = (k: string) => namespaced(ns, k);
  const link = (l: Link): Link => ({ ...l, message: key(l.message) });
  return blocks.map((b): Block => {
    switch (b.type) {
      case 'heading':
      case 'text':
        return { ...b, message: key(b.message) };
      case 'list':
        return { ...b, messages: b.messages.map(key) };
      case 'price':
        return { ...b, lines: b.lines.map((l) => ({ ...l, label: key(l.label), ...(l.per ? { per: key(l.per) } : {}) })) };
      case 'fee':
        return { ...b, label: key(b.label) };
      case 'links':
        return { ...b, links: b.links.map(link) };
      case 'cards':
        return { ...b, cards: b.cards.map((c) => ({ ...c, title: key(c.title), items: c.items.map(key), link: link(c.link) })) };
      case 'accordion':
        return { ...b, sections: b.sections.map((sec) => ({ ...sec, title: key(sec.title), blocks: namespaceBlocks(sec.blocks, ns) })) };
      case 'alert':
        return { ...b, message: key(b.message), ...(b.title ? { title: key(b.title) } : {}) };
      case 'contact':
      case 'connect':
      case 'checkout':
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
    case 'cards':
      return block.cards.flatMap((c) => [c.title, ...c.items, c.link.message]);
    case 'accordion':
      return block.sections.flatMap((sec) => [sec.title, ...sec.blocks.flatMap(blockKeys)]);
    case 'alert':
      return [block.message, ...(block.title ? [block.title] : [])];
    case 'contact':
    case 'connect':
    case 'checkout':
    case 'payment':
      return [];
  }
}

/** Names of constants a block shows. */
function blockConstants(block: Block): string[] {
  if (block.type === 'price') return block.lines.map((l) => l.amount);
  if (block.type === 'fee') return [block.amount];
  if (block.type === 'cards') return block.cards.map((c) => c.amount);
  if (block.type === 'accordion') return block.sections.flatMap((sec) => sec.blocks.flatMap(blockConstants));
  return [];
}

/** Internal links a block offers; each must lead to a route of the site. */
function blockLinks(block: Block): string[] {
  if (block.type === 'links') return block.links.map((l) => l.to);
  if (block.type === 'cards') return block.cards.map((c) => c.link.to);
  if (block.type === 'accordion') return block.sections.flatMap((sec) => sec.blocks.flatMap(blockLinks));
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

  type Checkout = { url: string; env: string };
  const forms = (service.forms ?? []) as { id: string; route: string; success: SuccessModel; fields?: string[]; checkout?: Checkout }[];
  // A variant may give a field another schema and have its own required list (x-variants).
  const overrides = (schema['x-variants'] ?? {}) as Record<string, { required?: string[]; properties?: Record<string, Json> }>;
  for (const [id, o] of Object.entries(overrides)) {
    if (!forms.some((f) => f.id === id)) problems.add(src.form.path, `/x-variants/${id}`, `no form variant "${id}" in service.json`);
    for (const n of Object.keys(o.properties ?? {}))
      if (!properties[n]) problems.add(src.form.path, `/x-variants/${id}/properties/${n}`, `"${n}" is not a property of the form`);
    (o.required ?? []).forEach(
      (n, j) => !properties[n] && problems.add(src.form.path, `/x-variants/${id}/required/${j}`, `"${n}" is not a property of the form`),
    );
  }
  const propertyIn = (variant: string, name: string): Json | undefined => overrides[variant]?.properties?.[name] ?? properties[name];
  const requiredIn = (variant: string): Set<string> => new Set(overrides[variant]?.required ?? required);

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
    const alternatives = Object.values(overrides).flatMap((o) => (o.properties?.[name] ? [o.properties[name] as JSONSchema7 & Json] : []));
    const field: FieldModel = {
      name,
      schema: prop,
      kind: fieldKind(prop),
      requiredEverywhere: forms.every((f, i) => requiredIn(f.id).has(name) && (variantFields[i] ?? []).includes(name)),
      traits: traitsOf(prop),
      alternatives,
      // One column holds every variant's value, so it is kept as long as any of their categories allows.
      categories: [...new Set([prop, ...alternatives].flatMap(categoriesOf))].sort(),
    };
    // Refused rather than given a default: how long the field is kept, and what the policy says we
    // collect, depend on it (docs/retention.md).
    if (categoriesOf(prop).length === 0) {
      problems.add(
        src.form.path,
        `/properties/${name}`,
        'no x-category: say which category of the privacy policy the field holds (A identifiers, B customer records, D commercial, I professional, J education, L sensitive); its retention depends on it',
      );
    }
    for (const alt of alternatives) {
      if (fieldKind(alt) !== field.kind)
        problems.add(src.form.path, `/x-variants`, `"${name}" must keep its kind (${field.kind}) in every variant: they share one column`);
    }
    const xValue = prop['x-value'] as string | undefined;
    if (prop.readOnly) {
      const constant = xValue?.replace(/^constants\./, '');
      if (!constant || !(constant in constants)) {
        problems.add(src.form.path, `/properties/${name}/x-value`, 'a readOnly field needs x-value naming one of service.json constants');
      } else field.serverValue = String(constants[constant]);
    }
    return field;
  });

  const variantUi = (ui['ui:variants'] ?? {}) as Record<string, Json>;
  for (const id of Object.keys(variantUi))
    if (!forms.some((f) => f.id === id)) problems.add(src.ui.path, `/ui:variants/${id}`, `no form variant "${id}" in service.json`);
  const checkUi = (uiPart: Json, at: string) => {
    ((uiPart['ui:order'] as string[] | undefined) ?? []).forEach((n, i) => {
      if (!properties[n]) problems.add(src.ui.path, `${at}/ui:order/${i}`, `"${n}" is not a property of the form`);
    });
    for (const [place, blocks] of Object.entries((uiPart['ui:blocks'] ?? {}) as Record<string, Block[]>)) {
      const field = place.split(':')[1];
      if (field && !properties[field]) problems.add(src.ui.path, `${at}/ui:blocks/${place}`, `"${field}" is not a property of the form`);
      blocks.forEach((b, i) =>
        blockConstants(b).forEach((c) => {
          if (!(c in constants)) problems.add(src.ui.path, `${at}/ui:blocks/${place}/${i}`, `"${c}" is not one of service.json constants`);
        }),
      );
    }
  };
  checkUi(ui, '');
  for (const [id, part] of Object.entries(variantUi)) checkUi(part, `/ui:variants/${id}`);
  const fieldUi = Object.fromEntries(Object.entries(ui).filter(([k]) => !k.startsWith('ui:')));

  const variants: VariantModel[] = forms.map((f, i) => {
    const chosen = variantFields[i] ?? [];
    const own = variantUi[f.id] ?? {};
    const uiOrder = ((own['ui:order'] ?? ui['ui:order']) as string[] | undefined) ?? [];
    const rawBlocks = (own['ui:blocks'] ?? ui['ui:blocks'] ?? {}) as Record<string, Block[]>;
    const blocks = Object.fromEntries(
      Object.entries(rawBlocks)
        .filter(([place]) => !place.includes(':') || chosen.includes(place.split(':')[1] ?? ''))
        .map(([place, bs]) => [place, namespaceBlocks(bs, ns)]),
    );
    const params = [...f.route.matchAll(/:([A-Za-z0-9]+)/g)].map((m) => m[1] as string);
    const traits = Object.fromEntries(chosen.map((n) => [n, traitsOf(propertyIn(f.id, n) ?? {})]));
    for (const [n, t] of Object.entries(traits)) {
      if (t.routeParam && !params.includes(t.routeParam))
        problems.add(src.form.path, `/properties/${n}/x-route-param`, `route ${f.route} of variant "${f.id}" has no :${t.routeParam}`);
    }
    for (const param of params) {
      if (!Object.values(traits).some((t) => t.routeParam === param))
        problems.add(src.service.path, `/forms/${i}/route`, `no field of variant "${f.id}" takes :${param} (x-route-param)`);
    }
    const success = typeof f.success === 'string' ? f.success : { show: f.success.show, blocks: namespaceBlocks(f.success.blocks, ns) };
    const checkout = f.checkout ?? (service.checkout as Checkout | undefined);
    return {
      id: f.id,
      route: f.route,
      success,
      ...(checkout ? { checkout } : {}),
      fields: chosen,
      traits,
      schema: {
        type: 'object',
        additionalProperties: false,
        required: [...requiredIn(f.id)].filter((n) => chosen.includes(n)),
        properties: Object.fromEntries(chosen.map((n) => [n, propertyIn(f.id, n) as JSONSchema7])),
      },
      ui: {
        'ui:order': [...uiOrder.filter((n) => chosen.includes(n)), '*'],
        ...Object.fromEntries(Object.entries(fieldUi).filter(([k]) => chosen.includes(k))),
      },
      blocks,
    };
  });

  const adminFields = ((admin.fields ?? []) as { name: string; label?: string; display?: string; tail?: number; copy?: boolean }[]).map((f, i) => {
    const prop = properties[f.name];
    if (!prop) problems.add(src.admin.path, `/fields/${i}/name`, `"${f.name}" is not a property of the form`);
    const fallback = prop?.['x-file'] ? 'file' : prop?.['x-format'] === 'usd' ? 'usd' : 'text';
    const display = prop?.['x-sensitive'] ? 'masked' : ((f.display ?? fallback) as AdminFieldModel['display']);
    return { name: f.name, display, copy: f.copy ?? true, ...(f.label ? { label: namespaced(ns, f.label) } : {}), ...(f.tail ? { tail: f.tail } : {}) };
  });
  const adminConfig = service.admin as { route: string; aliases?: string[]; order: 'newest' | 'stored' };
  const mail = (service.mail ?? {}) as { applicant?: { template: string; to: string }; staff?: boolean; name?: string[] };
  (mail.name ?? []).forEach((n, i) => !properties[n] && problems.add(src.service.path, `/mail/name/${i}`, `"${n}" is not a property of the form`));
  if (mail.applicant && properties[mail.applicant.to]?.format !== 'email') {
    problems.add(src.service.path, '/mail/applicant/to', `"${mail.applicant.to}" is not an e-mail field (format: email) of the form`);
  }
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
      aliases: adminConfig?.aliases ?? [],
      sort: adminConfig?.order === 'stored' ? 'created' : '-created',
      title: namespaced(ns, String(admin.title)),
      deleted: namespaced(ns, String(admin.deleted)),
      fields: adminFields,
    },
    topic: String((service.trash as Json | undefined)?.topic),
    mail: { ...(mail.applicant ? { applicant: mail.applicant } : {}), staff: mail.staff === true, name: mail.name ?? [] },
    payment: (service.payment as PaymentTiming | undefined) ?? 'upfront',
  };
}

/** Keys the screens of a service will ask for; each must exist in every language. */
function requiredServiceKeys(s: ServiceModel, src: ServiceSource): { key: string; where: string }[] {
  const ns = `service.${s.id}`;
  const local = (src.messages.en?.data ?? {}) as Record<string, string>;
  const either = (localKey: string, commonKey: string) => (localKey in local ? `${ns}.${localKey}` : commonKey);
  const keys: { key: string; where: string }[] = [{ key: `${ns}.title`, where: src.service.path }];
  for (const v of s.variants) {
    const properties = (v.schema.properties ?? {}) as Record<string, JSONSchema7>;
    for (const name of v.fields) {
      const where = `${src.form.path}#/properties/${name}`;
      const label = `forms.${v.id}.fields.${name}.label`;
      keys.push({ key: label in local ? `${ns}.${label}` : either(`fields.${name}.label`, `fields.${name}.label`), where });
      const traits = v.traits[name] ?? {};
      // Amounts label themselves (x-format); other options need a text in every language.
      for (const value of (traits.format ? [] : (properties[name]?.enum ?? [])) as (string | number)[]) {
        keys.push({ key: traits.options ? `${traits.options}.${value}` : `${ns}.fields.${name}.options.${value}`, where: `${where}/enum` });
      }
    }
    for (const blocks of Object.values(v.blocks)) for (const b of blocks) for (const key of blockKeys(b)) keys.push({ key, where: src.ui.path });
    if (typeof v.success !== 'string') for (const b of v.success.blocks) for (const key of blockKeys(b)) keys.push({ key, where: src.service.path });
  }
  keys.push({ key: s.admin.title, where: src.admin.path }, { key: s.admin.deleted, where: src.admin.path });
  for (const f of s.admin.fields) {
    if (!f.name) continue;
    keys.push({ key: f.label ?? either(`fields.${f.name}.label`, `fields.${f.name}.label`), where: src.admin.path });
  }
  return keys;
}

function matchesAny(key: string, patterns: string[]): boolean {
  return patterns.some((p) => (p.endsWith('*') ? key.startsWith(p.slice(0, -1)) : key === p));
}

/** Each language file of one folder has the same keys, and uz/ru are real translations. */
function checkTranslations(files: Record<string, { path: string; data: unknown }>, same: string[], ns: string, problems: Problems): void {
  const en = (files.en?.data ?? {}) as Record<string, string>;
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
    const other = file.data as Record<string, string>;
    for (const key of Object.keys(en)) {
      if (!(key in other)) problems.add(file.path, `/${key}`, `missing translation of "${key}" (present in en.json)`);
      else if (other[key] === en[key] && !matchesAny(ns ? `${ns}.${key}` : key, same)) {
        problems.add(file.path, `/${key}`, `"${key}" is the same as in English; translate it (or list it in common/i18n/same-in-all-languages.json)`);
      } else {
        const want = english.get(key);
        const have = argumentsOf(file, locale, key, other[key] as string);
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
    for (const key of Object.keys(other)) if (!(key in en)) problems.add(file.path, `/${key}`, `"${key}" is not in en.json`);
  }
}

/** Whether a concrete path ("/success/499") is served by a route ("/success/:amount"). */
export function routeMatches(route: string, path: string): boolean {
  const a = route.split('/');
  const b = (path.split(/[?#]/)[0] ?? '').split('/');
  return a.length === b.length && a.every((seg, i) => (seg.startsWith(':') ? (b[i] ?? '') !== '' : seg === b[i]));
}

export async function buildModel(sources: SchemaSources, problems: Problems): Promise<SiteModel> {
  const site = sources.site.data as Json;
  const siteConstants = (site.constants ?? {}) as Record<string, number | string>;
  const same = ((sources.sameInAllLanguages.data as Json).keys ?? []) as string[];
  const services = await Promise.all(sources.services.map((s) => serviceModel(s, problems)));
  const pages: PageModel[] = sources.pages.map((p) => {
    const page = p.page.data as Json;
    if (page.id !== p.id) problems.add(p.page.path, '/id', `must equal the folder name "${p.id}"`);
    return { id: p.id, route: String(page.route), blocks: namespaceBlocks((page.blocks ?? []) as Block[], `page.${p.id}`) };
  });

  const messages = Object.fromEntries(LOCALES.map((l) => [l, { ...((sources.commonMessages[l]?.data ?? {}) as Record<string, string>) }])) as Record<
    Locale,
    Record<string, string>
  >;
  checkTranslations(sources.commonMessages, same, '', problems);
  for (const s of sources.services) {
    checkTranslations(s.messages, same, `service.${s.id}`, problems);
    for (const l of LOCALES)
      for (const [k, v] of Object.entries((s.messages[l]?.data ?? {}) as Record<string, string>)) messages[l][`service.${s.id}.${k}`] = v;
  }
  // Agreement texts, filled in with the company's and the service's values, join the catalogues.
  for (const [i, s] of services.entries()) {
    const src = sources.services[i] as ServiceSource;
    const declared = (src.service.data as Json).agreements as Parameters<typeof agreementsModel>[1];
    const agreements = agreementsModel(src, declared, agreementValues((site.company ?? {}) as Record<string, unknown>, s.constants), problems);
    if (s.payment === 'after-cancellation' && !agreements?.businessDays) {
      problems.add(src.service.path, '/payment', '"after-cancellation" needs a cancellation right (agreements.cancellation)');
    }
    if (!agreements) continue;
    s.agreements = agreements;
    for (const d of agreements.documents)
      for (const l of LOCALES) {
        messages[l][`service.${s.id}.agreements.${d.id}.title`] = d.texts[l].title;
        messages[l][`service.${s.id}.agreements.${d.id}.text`] = d.texts[l].body;
      }
    if (agreements.businessDays && s.payment === 'upfront' && (src.service.data as Json).payment !== 'upfront') {
      problems.add(src.service.path, '/payment', 'a service with a cancellation right must say when it takes payment ("after-cancellation", "after-service", or "upfront" explicitly)');
    }
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
    for (const c of p.blocks.flatMap(blockConstants)) {
      if (!(c in siteConstants)) problems.add(src?.page.path ?? '', '/blocks', `"${c}" is not one of site.json constants`);
    }
  }
  // A service's own template (services/<id>/mail/<name>/) wins over the shared one of the same name;
  // it is emitted as "<id>/<name>" and the service's mail settings point to it.
  const mailTemplates = [
    ...mailModels(sources.mail, problems),
    ...sources.services.flatMap((src) => mailModels(src.mail, problems).map((m) => ({ ...m, name: `${src.id}/${m.name}` }))),
  ];
  const templateNames = new Set(mailTemplates.map((m) => m.name));
  const resolveTemplate = (serviceId: string, name: string) => (templateNames.has(`${serviceId}/${name}`) ? `${serviceId}/${name}` : name);
  for (const [i, s] of services.entries()) {
    const where = sources.services[i]?.service.path ?? '';
    if (s.mail.applicant) {
      const template = resolveTemplate(s.id, s.mail.applicant.template);
      if (!templateNames.has(template)) problems.add(where, '/mail/applicant/template', `no template schemas/mail/${s.mail.applicant.template}/ or mail/${s.mail.applicant.template}/ in the service's folder`);
      s.mail.applicant = { ...s.mail.applicant, template };
    }
    if (s.mail.staff) {
      s.mail.staffTemplate = resolveTemplate(s.id, STAFF_NOTICE);
      if (!templateNames.has(s.mail.staffTemplate)) problems.add(where, '/mail/staff', `staff notices need the template schemas/mail/${STAFF_NOTICE}/`);
    }
  }
  const products = (site.products ?? {}) as Record<string, Product>;
  for (const [id, product] of Object.entries(products)) {
    for (const key of [product.name, ...product.items]) {
      if (!(key in messages.en)) problems.add(sources.site.path, `/products/${id}`, `no English text for message "${key}" (common/i18n)`);
    }
  }
  const productsUsed = (blocks: Block[]): string[] =>
    blocks.flatMap((b) => (b.type === 'checkout' ? [b.product] : b.type === 'accordion' ? b.sections.flatMap((sec) => productsUsed(sec.blocks)) : []));
  for (const [i, p] of pages.entries()) {
    for (const product of productsUsed(p.blocks)) if (!products[product]) problems.add(sources.pages[i]?.page.path ?? '', '/blocks', `"${product}" is not one of site.json products`);
  }
  const productPages = Object.fromEntries(
    Object.entries(products).map(([id, product]) => {
      const soldOn = pages.find((page) => productsUsed(page.blocks).includes(id))?.route ?? '/';
      return [id, { soldOn, paid: product.paid ?? soldOn }];
    }),
  );
  for (const status of (site.statuses ?? []) as string[]) {
    if (!(`status.${status}` in messages.en)) problems.add(sources.site.path, '/statuses', `no English text for message "status.${status}" (common/i18n)`);
  }
  const shellLinks = [...((site.header ?? []) as Link[]), ...((site.footer ?? []) as Link[])];
  for (const l of shellLinks) {
    if (!(l.message in messages.en)) problems.add(sources.site.path, '', `no English text for message "${l.message}" (common/i18n)`);
  }

  // Routes and collections are global names: two services may not claim the same one.
  const routes = new Map<string, string>();
  const claim = (route: string, where: string) => {
    const owner = routes.get(route);
    // The staff console's own screens (src/config/paths.ts) live under these.
    if (RESERVED_ROUTES.some((r) => route === r || route.startsWith(`${r}/`))) problems.add(where, '', `route ${route} is reserved for the renderer's own screens (${RESERVED_ROUTES.join(', ')})`);
    else if (owner) problems.add(where, '', `route ${route} is already used by ${owner}`);
    else routes.set(route, where);
  };
  const collections = new Map<string, string>();
  for (const [i, s] of services.entries()) {
    const src = sources.services[i] as ServiceSource;
    s.variants.forEach((v) => claim(v.route, src.service.path));
    claim(s.admin.route, src.service.path);
    s.admin.aliases.forEach((route) => claim(route, src.service.path));
    const owner = collections.get(s.collection);
    if (owner) problems.add(src.service.path, '/collection', `collection ${s.collection} is already used by ${owner}`);
    collections.set(s.collection, src.service.path);
  }
  for (const [i, p] of pages.entries()) claim(p.route, sources.pages[i]?.page.path ?? '');
  // "/" always exists: a page or form claims it, or the renderer shows the list of services there.
  const known = [...routes.keys(), '/'];
  const leadsSomewhere = (path: string) => known.some((route) => routeMatches(route, path));
  for (const [i, s] of services.entries()) {
    const where = sources.services[i]?.service.path ?? '';
    s.variants.forEach((v, j) => {
      if (typeof v.success === 'string' && !leadsSomewhere(v.success)) problems.add(where, `/forms/${j}/success`, `no page or form has the route ${v.success}`);
      // The applicant would be left on the filled-in form with no word of success.
      if (v.success === v.route) problems.add(where, `/forms/${j}/success`, `is the form's own route; show the success on the form's page instead: { "show": "instead", "blocks": [...] }`);
      for (const blocks of Object.values(v.blocks)) {
        for (const to of blocks.flatMap(blockLinks))
          if (!leadsSomewhere(to)) problems.add(sources.services[i]?.ui.path ?? where, '/ui:blocks', `no page or form has the route ${to}`);
      }
    });
  }
  for (const [i, p] of pages.entries()) {
    for (const to of p.blocks.flatMap(blockLinks))
      if (!leadsSomewhere(to)) problems.add(sources.pages[i]?.page.path ?? '', '/blocks', `no page or form has the route ${to}`);
  }
  for (const l of shellLinks) if (!leadsSomewhere(l.to)) problems.add(sources.site.path, '', `no page or form has the route ${l.to}`);
  for (const [id, product] of Object.entries(products)) {
    if (product.paid !== undefined && !leadsSomewhere(product.paid)) problems.add(sources.site.path, `/products/${id}/paid`, `no page or form has the route ${product.paid}`);
  }

  return {
    languages: (site.languages ?? ['en']) as Locale[],
    defaultLanguage: (site.defaultLanguage ?? 'en') as Locale,
    staffCollection: String(site.staffCollection),
    trashCollection: String(site.trashCollection),
    outboxCollection: String(site.outboxCollection),
    auditCollection: String(site.auditCollection),
    historyCollection: String(site.historyCollection),
    statuses: (site.statuses ?? []) as string[],
    signatureCollection: String(site.signatureCollection),
    agreementTextCollection: String(site.agreementTextCollection),
    webhookEventCollection: String(site.webhookEventCollection),
    retention: retentionOf(site.retention as Partial<RetentionModel> | undefined),
    mail: mailTemplates,
    company: site.company as Company,
    constants: siteConstants,
    header: (site.header ?? []) as Link[],
    products,
    productPages,
    footer: (site.footer ?? []) as Link[],
    services,
    pages,
    messages,
  };
}
