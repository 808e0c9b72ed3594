/**
 * What the studio's preview shows of a draft, computed on the server by the generator's own code
 * (studio/server/preview.ts) and rendered in the preview iframe (studio/preview/) by the site's own
 * components: the form modules the site would get, the messages as the site gets them (ICU ASTs), the
 * staff card with sample values, and the service's e-mails rendered in the chosen language.
 * Plain JSON: it travels over HTTP, then by postMessage into the iframe. Types only.
 */
import type { AdminCard, Agreements, CompiledMessages, FormModule, FormVariant, Locale, ServiceEntry } from '../../shared/registry.ts';

/** One form of the service: its registry entry without the loader, and the module the loader would give. */
export interface PreviewForm extends Omit<FormVariant, 'load'> {
  /** The module of src/generated/forms/<service>.<variant>.ts, but its validators. */
  module: Omit<FormModule, 'validators'>;
  /**
   * The module of src/generated/forms/<service>.<variant>.validate.ts: ES module code whose default export is
   * the form's precompiled validators (generator/emit/browserValidators.ts), imported in the iframe from a Blob URL.
   */
  validators: string;
  /** A concrete address of the form (each route parameter filled), where the preview mounts it. */
  path: string;
  /** The answers the preview starts from: each field's first `examples` value (generator/emit/stories.ts). */
  sample: Record<string, unknown>;
}

/** The service as the registry (src/generated/registry.ts) lists it, with its forms as above. */
export interface PreviewService extends Omit<ServiceEntry, 'forms' | 'agreements' | 'admin'> {
  agreements?: Agreements;
  admin: AdminCard;
  forms: PreviewForm[];
}

/** One e-mail the service sends, rendered by the template the server would use, with sample values. */
export interface PreviewMail {
  template: string;
  /** Who gets it: the applicant (in their language) or staff (in the site's default language, as the server sends it). */
  to: 'applicant' | 'staff';
  /** What sends it: the submission, a status change staff make, the applicant's cancellation. */
  when: 'submitted' | 'status' | 'cancelled';
  locale: Locale;
  subject: string;
  html: string;
  text: string;
}

export interface PreviewPayload {
  serviceId: string;
  locale: Locale;
  service: PreviewService;
  /**
   * The messages the preview's screens read, in `locale`: the site's core and staff texts and this service's,
   * compiled as the generator compiles them for the browser (generator/emit/registry.ts compiledMessage).
   */
  messages: CompiledMessages;
  /** A record of the service as the staff card shows it: every card field with a sample value (its `examples` first). */
  record: Record<string, unknown>;
  mails: PreviewMail[];
  /** How long the server took to build this payload (ms), the generator's checks excluded. */
  ms: number;
}

/** The panel → iframe message (window.postMessage), and the iframe's answer once it has painted it. */
export type PreviewShow = 'form' | 'card' | 'mails';

export interface PreviewMessage {
  type: 'formwork-preview';
  /** Increases with each message; the iframe answers with the one it has shown. */
  seq: number;
  payload: PreviewPayload;
  show: PreviewShow;
  /** The studio's own words the iframe shows around the e-mails (the studio's UI language). */
  words: PreviewWords;
}

export interface PreviewShown {
  type: 'formwork-preview-shown';
  seq: number;
}

/** The iframe tells the panel it is listening (sent once at start: a message sent before would be lost). */
export interface PreviewReady {
  type: 'formwork-preview-ready';
}

export interface PreviewWords {
  toApplicant: string;
  toStaff: string;
  whenSubmitted: string;
  whenStatus: string;
  whenCancelled: string;
  subject: string;
  plainText: string;
  noMails: string;
  /** The title of the frame showing an e-mail's HTML: `{subject}` is put in. */
  mailFrame: string;
  /** The heading of the e-mails view. */
  mailsHeading: string;
  /** Said when a payload could not be shown (its validators did not load): `{error}` is put in. */
  failed: string;
}

/** When the sample application came in (PocketBase's date text), and when its staff card is looked at: shortly after. */
export const SAMPLE_CREATED = '2026-06-01 10:30:00.000Z';
export const SAMPLE_SEEN = Date.parse('2026-06-01T12:00:00Z');

export const isPreviewShown = (data: unknown): data is PreviewShown =>
  !!data && typeof data === 'object' && (data as PreviewShown).type === 'formwork-preview-shown' && typeof (data as PreviewShown).seq === 'number';

export const isPreviewReady = (data: unknown): data is PreviewReady => !!data && typeof data === 'object' && (data as PreviewReady).type === 'formwork-preview-ready';

export const isPreviewMessage = (data: unknown): data is PreviewMessage =>
  !!data && typeof data === 'object' && (data as PreviewMessage).type === 'formwork-preview' && typeof (data as PreviewMessage).seq === 'number';
