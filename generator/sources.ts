/**
 * The files under schemas/ as their meta-schemas (schemas/meta/*.meta.json) accept them. load.ts reads
 * them with these types; the pipeline uses them only after validate.ts has checked every file against
 * its meta-schema, so each interface says no more than its meta-schema guarantees: a key the
 * meta-schema may leave out is optional here too.
 */
import type { JSONSchema7 } from 'json-schema';
import type { Block, BlockPlacement, BrandJson, Company, Link, Locale, Product, SiteBasics } from '../shared/registry.ts';

/** The x- keywords property.meta.json adds to a form property. */
export interface PropertyExtensions {
  'x-sensitive'?: boolean;
  /** The privacy policy's CCPA categories of what the field holds: one letter or several. */
  'x-category'?: string | string[];
  'x-mask'?: 'ssn';
  'x-multiline'?: boolean;
  /** A shared option-label set in common/i18n: options.<name>.<value>. */
  'x-options'?: string;
  /** A readOnly field's value: "constants.<name>" of service.json. */
  'x-value'?: string;
  /** maxFiles > 1: several files (the property is an array of names); maxTotalSize: bytes of them all. */
  'x-file'?: { accept: string[]; maxSize: number; maxFiles?: number; maxTotalSize?: number };
  'x-format'?: 'usd';
  'x-route-param'?: string;
  /** The field's former name: its column is renamed, values kept (transform/retire.ts). */
  'x-renamed-from'?: string;
  /** A date field's limits relative to the day of submission (shared/dateLimits.ts). */
  'x-date'?: { min?: string; max?: string };
  /** Rule → a shared message key saying what to enter ("Enter a 5-digit ZIP code, like 94105"). */
  'x-errors'?: Record<string, string>;
  /** The input's autocomplete token. */
  'x-autocomplete'?: string;
  /** A yes/no field's label links: tag of its `.linked` label → page route. */
  'x-label-links'?: Record<string, string>;
  /** The keyboard a phone brings up. */
  'x-inputmode'?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email' | 'url';
}

/** One property of form.schema.json (property.meta.json), `$ref`s resolved. */
export type PropertySchema = JSONSchema7 & PropertyExtensions;

/** What form.meta.json's x-variants gives one variant: other schemas for some fields, its own required list. */
export interface VariantOverride {
  required?: string[];
  properties?: Record<string, PropertySchema>;
}

/** A branch of a condition (then, else, a dependentSchemas value): the fields it shows and requires. */
export interface ConditionBranchJson {
  properties?: Record<string, PropertySchema>;
  required?: string[];
}

/** What a condition tests (form.meta.json #/definitions/test): root fields by const or enum, or given. */
export interface ConditionTestJson {
  properties?: Record<string, { const?: string | number | boolean; enum?: (string | number | boolean)[] }>;
  required?: string[];
}

/** One entry of form.schema.json allOf (or the root's own if/then/else). */
export interface ConditionJson {
  if: ConditionTestJson;
  then?: ConditionBranchJson;
  else?: ConditionBranchJson;
}

/** form.schema.json once its `$ref`s are resolved (form.meta.json). */
export interface FormSchemaJson extends Omit<JSONSchema7, 'if' | 'then' | 'else' | 'allOf'> {
  properties?: Record<string, PropertySchema>;
  required?: string[];
  'x-variants'?: Record<string, VariantOverride>;
  if?: ConditionTestJson;
  then?: ConditionBranchJson;
  else?: ConditionBranchJson;
  allOf?: ConditionJson[];
  dependentRequired?: Record<string, string[]>;
  dependentSchemas?: Record<string, ConditionBranchJson>;
}

export interface CheckoutJson {
  url: string;
  /** The environment variable that overrides the url. */
  env: string;
}

export type SuccessJson = string | { show: 'instead' | 'above'; blocks: Block[] };

/** One entry of service.json "forms": a variant of the service's form. */
export interface FormVariantJson {
  id: string;
  route: string;
  success: SuccessJson;
  fields?: string[];
  checkout?: CheckoutJson;
  /** Shown on /services: order, and the price as a constant's name or dollars. */
  listing?: { order: number; price?: string | number; monthly?: string | number };
}

export interface AgreementsJson {
  documents: { id: string; sign?: boolean }[];
  cancellation?: { businessDays: number };
}

/** service.json mail.status: the statuses a staff change e-mails the applicant about, and with which template. */
export interface StatusMailJson {
  template: string;
  notify: string[];
}

/** service.json (service.meta.json). */
export interface ServiceJson {
  id: string;
  collection: string;
  forms: FormVariantJson[];
  constants?: Record<string, number | string>;
  checkout?: CheckoutJson;
  admin: { route: string; order: 'newest' | 'stored'; aliases?: string[] };
  trash: { topic: string };
  /** The short reference every application gets (service.meta.json reference). */
  reference: { prefix: string };
  mail?: { applicant?: { template: string; to: string }; staff?: boolean; name?: string[]; status?: StatusMailJson };
  agreements?: AgreementsJson;
  payment?: 'upfront' | 'after-cancellation' | 'after-service';
  /** The service's own statuses (service.meta.json workflow); without it, site.json's. */
  workflow?: WorkflowJson;
}

/** service.json "workflow": the statuses, where staff may move each, and what stored statuses become. */
export interface WorkflowJson {
  statuses: string[];
  transitions: Record<string, string[]>;
  /** The badge colours of its own statuses (site.json statusMeanings.colors give the others theirs). */
  colors?: Record<string, string>;
  from?: Record<string, string>;
}

/** One step of a form in steps (ui.meta.json): its id (title: the service message steps.<id>) and fields. */
export interface UiStepJson {
  id: string;
  fields: string[];
}

/** ui:order, ui:steps or ui:sections, and ui:blocks, of the whole form or of one variant (ui.meta.json). */
export interface UiLayoutJson {
  'ui:order'?: string[];
  'ui:steps'?: UiStepJson[];
  /** The same shape as a step; the heading is the service message sections.<id>. */
  'ui:sections'?: UiStepJson[];
  'ui:blocks'?: BlockPlacement;
}

/**
 * form.ui.json (ui.meta.json): the layout, each variant's own layout, and an RJSF uiSchema entry per
 * field (any key that is not ui:…).
 */
export interface UiJson extends UiLayoutJson {
  'ui:variants'?: Record<string, UiLayoutJson>;
  [field: string]: unknown;
}

/** admin.ui.json (admin.meta.json): the staff card. */
export interface AdminJson {
  title: string;
  deleted: string;
  fields: { name: string; display?: 'text' | 'email' | 'phone' | 'file' | 'date'; tail?: number; copy?: boolean; label?: string }[];
  /** The list's columns (admin.meta.json columns); default: generator/model/columns.ts. */
  columns?: { name: string; sortable?: boolean; label?: string }[];
}

/** pages/<id>/page.json (page.meta.json). */
export interface PageJson {
  id: string;
  route: string;
  blocks: Block[];
}

/** site.json (site.meta.json). */
export interface SiteJson extends SiteBasics {
  /** The payment provider's webhook events already acted on (server only). */
  webhookEventCollection: string;
  /** Answers saved to continue later, behind an e-mailed resume link (server only). */
  draftCollection: string;
  statusMeanings: StatusMeanings;
  /** Per status, where staff may move an application (the workflow of services without their own). */
  transitions: Record<string, string[]>;
  /** The canned replies staff may send an applicant (texts: common i18n reply.<id>.title|body; model/replies.ts). */
  replies?: string[];
  retention: { default: number; categories: Record<string, number>; signatureYears: number };
  company: Company;
  brand: BrandJson;
  constants?: Record<string, number | string>;
  header?: Link[];
  footer?: Link[];
  products?: Record<string, Product>;
}

/** i18n/<lang>.json (messages.meta.json): message key → ICU message. */
export type MessagesJson = Record<string, string>;

/** mail/<template>/subject.json (mail.meta.json): the subject per language. */
export type MailSubjectJson = Record<Locale, string>;

/** common/i18n/same-in-all-languages.json: keys (or "prefix.*") whose text may equal English. */
export interface SameInAllLanguagesJson {
  keys?: string[];
}

/** site.json "statusMeanings": what each status means to the server and the staff screens. */
export interface StatusMeanings {
  final: string[];
  cancelled: string;
  startsService: string[];
  performed: string;
  colors: Record<string, string>;
}
