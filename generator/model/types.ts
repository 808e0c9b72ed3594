/**
 * The one in-memory model of the whole site that every emitter reads (built by build.ts from the
 * validated sources).
 */
import type { JSONSchema7 } from 'json-schema';
import type { AdminDisplay, Block, BlockPlacement, Brand, Company, FieldTraits, FormSectionModel, FormStepModel, Link, ListedService, Locale, Product, SiteBasics, Workflow } from '../../shared/registry.ts';
import type { ListColumnModel } from './columns.ts';
import type { AgreementsModel, PaymentTiming } from '../agreements.ts';
import type { MailTemplateModel } from '../mail.ts';
import type { PropertySchema, SiteJson } from '../sources.ts';

/** group: a repeating group (an array of objects, one json column); files: several files in one field. */
export type FieldKind = 'text' | 'email' | 'select' | 'bool' | 'number' | 'file' | 'files' | 'group';

/** A field of a repeating group's rows (a property of its `items`): scalar only. */
export interface ItemFieldModel {
  name: string;
  schema: PropertySchema;
  kind: 'text' | 'email' | 'select' | 'bool' | 'number';
  /** In the row's `required`. */
  required: boolean;
  traits: FieldTraits;
}

export interface FieldModel {
  name: string;
  /** The dereferenced property schema, x- keywords included. */
  schema: PropertySchema;
  kind: FieldKind;
  /** A group's row fields, in the schema's order. */
  items?: ItemFieldModel[];
  /** Required in every variant that shows the field, so the database may insist on it too. */
  requiredEverywhere: boolean;
  traits: FieldTraits;
  /** Schemas other variants give this field (form.schema.json x-variants); the column holds them all. */
  alternatives: PropertySchema[];
  /** Declared in a condition's branch: shown, and sent, only when the condition says so; the column is never required. */
  conditional?: true;
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
  /** The variant's steps (form.ui.json ui:steps) with the fields it shows, empty ones dropped; absent without steps. */
  steps?: FormStepModel[];
  /** The variant's sections (form.ui.json ui:sections) with the fields it shows, empty ones dropped; absent without sections. */
  sections?: FormSectionModel[];
}

export interface AdminFieldModel {
  name: string;
  /** The card's own label (namespaced message key), else the form's label. */
  label?: string;
  display: AdminDisplay;
  tail?: number;
  copy: boolean;
}

/**
 * A column the database keeps for old records although the form no longer has the field (a retired
 * field, transform/retire.ts): hidden from every form, shown on old records' staff cards.
 */
export interface RetiredColumn {
  name: string;
  /** PocketBase's field type (text, select, file, json, …). */
  type: string;
  /** Hidden from the API (a sensitive field's sealed copy): never on a card. */
  hidden: boolean;
  /** file: more than one file per record. */
  several: boolean;
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
  admin: { route: string; aliases: string[]; sort: string; title: string; deleted: string; fields: AdminFieldModel[]; columns: ListColumnModel[] };
  topic: string;
  /** The capitals before the dash of every reference the service's applications get (service.json reference.prefix). */
  referencePrefix: string;
  /**
   * E-mails a submission sends: the applicant's (template, field with the address) and a staff notice;
   * the applicant's e-mail on a status change staff make (service.json mail.status); with a right to cancel,
   * the templates of the applicant's confirmation and the staff notice of a cancellation (mailTemplates.ts).
   */
  mail: {
    applicant?: { template: string; to: string };
    staff: boolean;
    staffTemplate?: string;
    name: string[];
    status?: { template: string; notify: string[] };
    cancellation?: { applicant: string; staff: string };
  };
  /** Documents read and signed before submitting, and the right to cancel (service.json "agreements"). */
  agreements?: AgreementsModel;
  /** When the checkout link is offered (service.json "payment"). */
  payment: PaymentTiming;
  /** Its statuses and the moves staff may make (service.json workflow, else site.json's; model/workflow.ts). */
  workflow: Workflow;
  /** Stored statuses the service no longer has → the status each becomes (service.json workflow.from). */
  statusFrom: Record<string, string>;
  /** Columns kept for old records (set by pipeline.ts from the migrations, after the model is built). */
  retired?: RetiredColumn[];
  /** Per select field, values its column keeps for old records beside the form's (an enum that changed). */
  keptOptions?: Record<string, string[]>;
}

export interface PageModel {
  id: string;
  route: string;
  blocks: Block[];
}

/** site.json as the model holds it (what the statuses mean is checked against the list), with the rest of the site. */
export interface SiteModel extends Pick<SiteJson, keyof SiteBasics | 'webhookEventCollection' | 'draftCollection' | 'statusMeanings' | 'replies' | 'transitions'> {
  /** Days personal data is kept: per CCPA category letter, else the default (site.json retention). */
  retention: RetentionModel;
  company: Company;
  /** The palette and logo (site.json brand, model/brand.ts). */
  brand: Brand;
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
  /** The forms listed on /services (service.json forms[].listing), in their order. */
  listing: ListedService[];
  pages: PageModel[];
  mail: MailTemplateModel[];
  /** Merged catalogue per locale: common keys, `service.<id>.*` and `page.<id>.*`. */
  messages: Record<Locale, Record<string, string>>;
}

export interface RetentionModel {
  default: number;
  categories: Record<string, number>;
  /** Years the evidence of a signature is kept after signing (site.json retention.signatureYears). */
  signatureYears: number;
}

/** The names of the collections every site has beside its services, as both runtimes are told them. */
export function siteCollections(site: SiteModel) {
  const { staffCollection, trashCollection, outboxCollection, auditCollection, historyCollection, noteCollection, signatureCollection, agreementTextCollection, webhookEventCollection, draftCollection } = site;
  return { staffCollection, trashCollection, outboxCollection, auditCollection, historyCollection, noteCollection, signatureCollection, agreementTextCollection, webhookEventCollection, draftCollection };
}
