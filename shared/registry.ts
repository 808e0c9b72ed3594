/**
 * The contract between generator/ and the renderer: the shape of src/generated/registry.ts, which the
 * generator emits and src/ reads. Everything a screen needs to know about a service comes from here,
 * never from a service's name.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { MessageFormatElement } from 'react-intl';

export type Locale = 'en' | 'uz' | 'ru';

/** A translatable message: a key into the merged message catalogue (src/generated/messages/<locale>.json). */
export type MessageKey = string;

/**
 * Messages as the browser loads them: each one's ICU AST, parsed by the generator, since the shipped
 * react-intl has no parser (shared/messageParts.ts, vite.config.ts). The whole catalogues under
 * src/generated/messages/<locale>.json keep the texts.
 */
export type CompiledMessages = Record<string, MessageFormatElement[]>;

export interface PriceLine {
  label: MessageKey;
  /** Name of a number in the service's constants (USD). */
  amount: string;
  /** Optional suffix such as "/month". */
  per?: MessageKey;
}

/** A piece of static content placed around a form's fields or on a page. */
export type Block =
  | { type: 'heading'; message: MessageKey }
  | { type: 'text'; message: MessageKey }
  | { type: 'list'; messages: MessageKey[] }
  | { type: 'price'; lines: PriceLine[] }
  | { type: 'fee'; label: MessageKey; amount: string }
  | { type: 'links'; links: Link[]; style?: 'inline' | 'list' }
  /** The company's e-mail, phone and postal address (site constants) as links. */
  | { type: 'contact' }
  | { type: 'cards'; cards: OfferCard[] }
  | { type: 'accordion'; sections: { title: MessageKey; open?: boolean; blocks: Block[] }[] }
  | { type: 'alert'; tone: 'success' | 'info' | 'warning'; title?: MessageKey; message: MessageKey }
  /** The provider's embedded component for the connected account of the route's :id or ?account=. */
  | { type: 'connect'; component: 'account-onboarding' | 'account-management' | 'payments' | 'payouts' }
  /** A site.json product's order summary and a button to the provider's hosted checkout. */
  | { type: 'checkout'; product: string }
  /** Shows "Continue to payment" when the checkout window was blocked (reads router state). */
  | { type: 'payment' }
  /** The services listed by their service.json (Registry.listing), in their order. */
  | { type: 'services' }
  /** After a submit (router state, src/engine/successState.ts): the application's reference, with a copy button. */
  | { type: 'reference' }
  /** After a submit: the message, when an e-mail to the applicant was queued. */
  | { type: 'mailed'; message: MessageKey }
  /** After a submit with a right to cancel: the message with {day} and {timeZone}. */
  | { type: 'cancellation'; message: MessageKey }
  /** After a submit: a link (the message) to the applicant's private application page. */
  | { type: 'applicationLink'; message: MessageKey };

export interface Link {
  to: string;
  message: MessageKey;
}

/** An offer (a website package): title, price from the constants, what it includes, where to order. */
export interface OfferCard {
  title: MessageKey;
  amount: string;
  items: MessageKey[];
  link: Link;
}

/** Where blocks go: "top", "bottom", or "before:<field>" / "after:<field>". */
export type BlockPlacement = Record<string, Block[]>;

export interface FieldFile {
  /** Accepted MIME types; the server checks the same list by content. */
  accept: string[];
  /** Bytes, per file. */
  maxSize: number;
  /** 1 for a one-file field; more for a field of several files (its value is the list of their names). */
  maxFiles: number;
  /** Bytes all the field's files may take together (x-file.maxTotalSize); absent: maxFiles × maxSize. */
  maxTotalSize?: number;
}

/** A repeating group (an array of objects): its rows' fields and how many rows it takes. */
export interface FieldGroup {
  /** Item field name → its traits (options, format, multiline, …), in the schema's order. */
  items: Record<string, FieldTraits>;
  minItems?: number;
  maxItems: number;
}

/** What the renderer needs per field beyond JSON Schema (derived from x- keywords). */
export interface FieldTraits {
  file?: FieldFile;
  group?: FieldGroup;
  mask?: 'ssn';
  sensitive?: boolean;
  multiline?: boolean;
  /** Message-key prefix for enum option labels: `${options}.${value}`. */
  options?: string;
  /** Option values are amounts shown as US dollars in the reader's locale. */
  format?: 'usd';
  /** The value comes from this parameter of the form's route (/success/:amount), not from typing. */
  routeParam?: string;
  /**
   * What to tell the applicant when a rule fails, by rule (x-errors): a message key of the shared texts,
   * used for the browser's own check and for the server's answers alike (src/engine/problems.ts).
   */
  errors?: Record<string, MessageKey>;
  /** The input's autocomplete token (x-autocomplete); a form's ui:autocomplete wins. */
  autocomplete?: string;
  /** The keyboard a phone brings up (x-inputmode). */
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email' | 'url';
  /** A yes/no field's label links (x-label-links): tag of its `<label key>.linked` message → page route. */
  labelLinks?: Record<string, string>;
}

export interface FormVariant {
  /** Unique within the service; stored in the record's `variant` field. */
  id: string;
  route: string;
  /** After a successful submit: the route shown next, or blocks shown instead of / above the form. */
  success: Success;
  /** The provider's hosted checkout opened after a save (no card data ever touches this site). */
  checkout?: { url: string };
  /** Message key of the form's title. */
  title: MessageKey;
  /** Loads the dereferenced JSON Schema and uiSchema of this variant (code-split per form). */
  load: () => Promise<FormModule>;
}

/** One step of a form: its id (the `?step=` value), its title and its fields in order. */
export interface FormStepModel {
  id: string;
  /** Message key of the title, namespaced: `service.<id>.steps.<step>`. */
  title: MessageKey;
  fields: string[];
}

/** One section of a form on one page: its id, its heading and its fields in order. */
export interface FormSectionModel {
  id: string;
  /** Message key of the heading, namespaced: `service.<id>.sections.<section>`. */
  title: MessageKey;
  fields: string[];
}

export type Success = string | { show: 'instead' | 'above'; blocks: Block[] };

export interface FormModule {
  /** The variant's id: its own texts (forms.<id>.fields.<name>.label) win over the service's. */
  variant: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** Field name → traits, for every property of the schema. */
  traits: Record<string, FieldTraits>;
  /** Blocks around fields, with message keys already namespaced. */
  blocks: BlockPlacement;
  /**
   * The form in titled steps (form.ui.json ui:steps), each with the fields this variant shows on it (a
   * conditional field included), in order; absent for a form on one page.
   */
  steps?: FormStepModel[];
  /**
   * A long form on one page under section headings (form.ui.json ui:sections), each with the fields this
   * variant shows in it, in order; absent for a form in steps or without sections.
   */
  sections?: FormSectionModel[];
  /**
   * The form's validators, precompiled by the generator (keyed by schema `$id` or RJSF's schema hash),
   * so the browser ships no schema compiler.
   */
  validators: ValidatorFunctions;
}

/**
 * usd: an amount (x-format usd) shown as dollars in the reader's locale; date: a `format: date` value
 * shown in the reader's language (copied as stored, YYYY-MM-DD); group: a repeating group's rows as a
 * table; files: a several-files field's files in stored order.
 */
export type AdminDisplay = 'text' | 'email' | 'phone' | 'file' | 'masked' | 'usd' | 'date' | 'group' | 'files';

/** One column of a repeating group's table on the staff card: an item field of the group. */
export interface AdminColumn {
  name: string;
  /** Message key of the item field's label (`…fields.<group>.items.<name>.label`). */
  label: MessageKey;
  /** date: in the reader's language; bool: yes / no in the reader's language. */
  display: 'text' | 'date' | 'bool';
  /** A choice: its value is shown by the option's text, `${options}.${value}`. */
  options?: string;
}

export interface AdminField {
  name: string;
  /** Message key of the field's label. */
  label: MessageKey;
  display: AdminDisplay;
  /** Show only the last N characters of a file name or link (the original's compact display). */
  tail?: number;
  /** A choice field: its value is shown by the option's text, `${options}.${value}` (copied as stored). */
  options?: string;
  /** Copy button (default true). */
  copy: boolean;
  /** group: the table's columns, one per item field in the schema's order. */
  columns?: AdminColumn[];
  /**
   * Shown only when a condition of the form says so (an if/then branch, dependentSchemas): the card
   * leaves it out while it is empty, since the applicant was never asked it.
   */
  conditional?: true;
  /**
   * A retired field: the form no longer asks it, the database keeps it for old records. The card shows
   * it only when it holds a value; its label is the column's name when no text is kept for it.
   */
  retired?: true;
}

/**
 * One column of a service's staff list (admin.ui.json "columns", else the default ones). reference,
 * created (submitted), status, assignee, paid (payment state) and variant (the form) are the server's
 * columns; name is the service's mail.name fields joined with a space; field is a card field.
 */
export interface AdminListColumn {
  name: string;
  kind: 'reference' | 'name' | 'created' | 'status' | 'assignee' | 'paid' | 'variant' | 'field';
  /** Message key of the header (`staff.column.<kind>`, a field's card label, or admin.ui.json's own). */
  label: MessageKey;
  /** The PocketBase field the list sorts by (an indexed column); absent: not sortable. */
  sort?: string;
  /** name: the fields joined with a space, in order. */
  fields?: string[];
  /** field: the card's field (its display, options, masking). */
  field?: AdminField;
}

export interface AdminCard {
  route: string;
  /** Other routes showing the same list. */
  aliases: string[];
  title: MessageKey;
  /** Alert shown after a delete. */
  deleted: MessageKey;
  /** PocketBase sort expression: "-created" (newest first) or "created" (stored order). */
  sort: string;
  fields: AdminField[];
  /** Fields the list's search box looks in (plain, non-sensitive values of the card). */
  search: string[];  /** The list's columns, in order. */
  columns: AdminListColumn[];
}

export interface ServiceEntry {
  id: string;
  collection: string;
  /** Namespace of the service's messages: "service.<id>". */
  messages: string;
  constants: Record<string, number | string>;
  /** Records carry the offered checkout link and the provider's paid / unpaid (staff cards show it). */
  payments: boolean;
  /** When the checkout link is offered: at submit, after the cancellation period, or once the service is done. */
  payment: 'upfront' | 'after-cancellation' | 'after-service';
  /** Documents the applicant reads and signs before submitting (texts: service.<id>.agreements.<doc>.title|text). */
  agreements?: Agreements;
  forms: FormVariant[];
  admin: AdminCard;
  /** The service's statuses and the moves staff may make (service.json workflow, else site.json's). */
  workflow: Workflow;
}

/**
 * A service's status workflow, as the browser and the server (pb_hooks/generated/services.js) both get
 * it: its statuses in order (texts: status.<name>), where staff may move each, and what site.json's
 * statusMeanings say of those it has.
 */
export interface Workflow {
  statuses: string[];
  /** A new submission's status; a record without one counts as in it. */
  initial: string;
  /** Per status, the statuses staff may move an application to (none: staff cannot move it on). */
  transitions: Record<string, string[]>;
  /** Statuses an application never leaves. */
  final: string[];
  /** What the applicant's own cancellation sets (staff never set it); absent when the service has no such status. */
  cancelled?: string;
  /** Statuses that start the service: staff may set them only after the applicant's cancellation period. */
  startsService: string[];
  /** The service was performed: a service paid afterwards offers its payment then. */
  performed?: string;
  /** The badge colour of each status (a Mantine colour); a status without one is grey. */
  colors: Record<string, string>;
}

export interface AgreementDocument {
  id: string;
  /** Signed with the typed full name and a ticked box; the others are read (and their reading recorded). */
  sign: boolean;
  version: string;
  /** SHA-256 of the shown text (title, blank line, body) per language: sent back with the signature. */
  hashes: Record<Locale, string>;
}

export interface Agreements {
  documents: AgreementDocument[];
  /** US business days to cancel after signing (0: no such right). */
  businessDays: number;
}

export interface PageEntry {
  id: string;
  route: string;
  title: MessageKey;
  /** Loads the page's content (code-split per page, as forms are). */
  load: () => Promise<PageModule>;
}

/** A page's content: src/generated/pages/<id>.ts. */
export interface PageModule {
  blocks: Block[];
}

/** The business's constants (site.json), shown in the shell and usable in every block message. */
export interface Company {
  name: string;
  address: string;
  phone: string;
  email: string;
  ein?: string;
  stateId?: string;
}

/** site.json "brand": the logo as the header shows it. */
export interface BrandJson {
  /** #rrggbb, from which the generator makes the palette. */
  color: string;
  /** A file under public/, with its size in CSS pixels. */
  logo: { src: string; width: number; height: number };
  /** The payment provider's name, as the checkout notice says it. */
  paymentProvider: string;
}

/** The brand as the site gets it: the colour's ten shades (Mantine's primary colour) and the shade buttons and links use. */
export interface Brand extends BrandJson {
  palette: string[];
  /** The lightest of shades 6–9 on which white text is 4.5:1 (generator/model/brand.ts). */
  primaryShade: number;
}

/** Something a page sells through the provider's hosted checkout; the server charges these prices. */
export interface Product {
  name: MessageKey;
  items: MessageKey[];
  /** The route the provider sends the buyer to after paying; without it, the page that sold it. */
  paid?: string;
  /** USD per billing interval. */
  prices: { year?: number; month?: number };
}

export interface SiteShell {
  company: Company;
  brand: Brand;
  /** Site-wide constants (USD amounts on pages). */
  constants: Record<string, number | string>;
  header: Link[];
  footer: Link[];
  products: Record<string, Product>;
}

/** The languages and the system collections site.json names, as the generator reads them and the browser gets them. */
export interface SiteBasics {
  languages: Locale[];
  defaultLanguage: Locale;
  staffCollection: string;
  trashCollection: string;
  /** E-mails of submissions and their delivery state (staff read it on each card). */
  outboxCollection: string;
  /** Audited staff actions (reveal, unmasked export, restore, purge): admins read it. */
  auditCollection: string;
  /** Status changes of applications, with who and when. */
  historyCollection: string;
  /** Staff's internal notes and replies to the applicant, per application (kind note | reply). */
  noteCollection: string;
  /** Agreements signed or shown with each application. */
  signatureCollection: string;
  /** Every agreement text presented, by hash (staff read what a signature names). */
  agreementTextCollection: string;
  /** The status workflow; the first is a new submission's (message: status.<value>). */
  statuses: string[];
}

/**
 * One form listed on /services (service.json forms[].listing): its texts, its price (USD, the
 * constants it names resolved by the generator) and where it is.
 */
export interface ListedService {
  service: string;
  form: string;
  /** The form's route (never one with parameters). */
  route: string;
  /** `service.<id>.listing.<form>.title` and `.summary`. */
  title: MessageKey;
  summary: MessageKey;
  /** Paid once. */
  price?: number;
  /** Paid each month (after `price` when both are given). */
  monthly?: number;
}

export interface Registry extends SiteBasics {
  site: SiteShell;
  services: ServiceEntry[];
  /** The listed forms, in their listing order. */
  listing: ListedService[];
  pages: PageEntry[];
  /** One part of a language's messages (shared/messageParts.ts), the core one by default. */
  loadMessages: (locale: Locale, part?: string) => Promise<CompiledMessages>;
}
