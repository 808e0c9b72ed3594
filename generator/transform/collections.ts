/**
 * Model → PocketBase collection definitions (v0.23+ JSON shape: flat field objects, rules as filter
 * strings, null = superusers only). Field and collection ids are derived from names, so the same schema
 * always yields the same ids and diffs stay stable across machines.
 */
import { crc32 } from 'node:zlib';
import type { FieldModel, ServiceModel, SiteModel } from '../model/types.ts';
import { PROTOCOL } from '../contract.ts';
import { groupColumnBytes } from './bodyLimits.ts';
import { declaredSorts } from '../model/columns.ts';

export type PbField = Record<string, unknown> & { id: string; name: string; type: string };

export interface PbCollection {
  id: string;
  name: string;
  type: 'base' | 'auth';
  listRule: string | null;
  viewRule: string | null;
  createRule: string | null;
  updateRule: string | null;
  deleteRule: string | null;
  fields: PbField[];
  indexes: string[];
  /** Auth collections only: options PocketBase keeps beside the fields. */
  options?: Record<string, unknown>;
}

export const LOCALE_VALUES = ['en', 'uz', 'ru'];

/** A staff record's id (PocketBase's 15 characters) or nothing: the assignee, a note's author. */
export const STAFF_ID_PATTERN = '^[a-z0-9]{15}$|^$';
export const ASSIGNEE_FIELD = 'assignee';
/** A note staff keep for themselves, or a reply e-mailed to the applicant. */
export const NOTE_KINDS = ['note', 'reply'];
/** What the audit log records (cancel: the applicant's own, through their status link). */
export const AUDIT_ACTIONS = ['reveal', 'export', 'restore', 'purge', 'delete', 'staff', 'cancel', 'account-link', 'note', 'reply', 'assign', 'status', 'print'];

/** An index for a list sorted or filtered by `field`, newest first within it. */
const listIndex = (collection: string, field: string): string[] => [`CREATE INDEX \`idx_${collection}_${field}\` ON \`${collection}\` (\`${field}\`, \`created\`)`];

/** Fields every service record has beside its form's own; the renderer sends them, the server checks them. */
export const SYSTEM_FIELDS = ['variant', 'locale', PROTOCOL.fields.idempotencyKey] as const;

/**
 * The browser's key for one application attempt (src/engine/idempotency.ts), kept across its retries: a
 * retry after a lost answer gets the first answer back instead of a second record (pb_hooks/lib/submission.js).
 * Unique among the collection's non-empty keys; not hidden, since PocketBase drops hidden fields from a
 * guest's body before the hooks see it (staff may read it: it names nothing but the attempt).
 */
export const IDEMPOTENCY_KEY = PROTOCOL.fields.idempotencyKey;
export const IDEMPOTENCY_PATTERN = '^[A-Za-z0-9-]{16,64}$';

/**
 * The proof of work a guest's submission carried (pb_hooks/lib/proofOfWork.js; src/engine/proofOfWork.ts):
 * the body field of the solution, and the column where the server keeps the challenge it spent (the hook
 * always sets it, whatever the body said). Unique among the collection's non-empty values, so one solved
 * challenge stores one application. Not hidden, since PocketBase drops hidden fields from a guest's body
 * before the hooks see it.
 */
export const PROOF_FIELD = PROTOCOL.fields.proof;

/**
 * Fields of a service that takes payment, written only by the server: the checkout link it offered
 * (with the record as Stripe's client_reference_id) and whether the provider reported it paid.
 */
export const PAYMENT_FIELDS = ['checkoutUrl', 'paymentStatus', 'paidAt'] as const;

/**
 * The short reference an applicant quotes (service.json reference.prefix): <prefix>-<8 characters> of an
 * alphabet without the look-alikes 0/O and 1/I/L. PocketBase chooses it when a record is created (the
 * field's autogeneratePattern), whoever creates it (a submission, an import, a restore); the migration
 * that adds the column fills it in for the records stored before (emit/migrations.ts). The pattern takes
 * any prefix, so a service's changed prefix leaves its stored references valid.
 */
export const REFERENCE_FIELD = 'reference';
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
// Its own id (not the one derived from its name): a form field once called "reference" keeps that id
// when it is renamed (the tickets'), and the two columns live side by side.
const referenceField = (s: ServiceModel): PbField => ({
  ...field(s.collection, 'text', REFERENCE_FIELD, {
    required: true,
    min: 0,
    max: 13,
    pattern: `^[A-Z]{2,4}-[${REFERENCE_ALPHABET}]{8}$`,
    autogeneratePattern: `${s.referencePrefix}-[${REFERENCE_ALPHABET}]{8}`,
    primaryKey: false,
  }),
  id: fieldId(s.collection, 'text', `${REFERENCE_FIELD}:server`),
});

export const takesPayment = (s: ServiceModel): boolean => s.variants.some((v) => v.checkout);

export const collectionId = (name: string): string => `pbc_${crc32(name)}`;
const fieldId = (collection: string, type: string, name: string): string => `${type}${crc32(`${collection}:${name}`)}`;

/** Rule: any signed-in account of the staff collection. */
export const staffRule = (staff: string): string => `@request.auth.collectionName = "${staff}"`;

/** Rule: a signed-in staff admin (viewers only read). */
export const adminRule = (staff: string): string => `${staffRule(staff)} && @request.auth.role = "admin"`;

/**
 * An x-sensitive field is two columns: the field itself holds only the masked value (last 4) that every
 * answer may show, and `<name>Sealed`, hidden from the API, holds it encrypted (pb_hooks/lib/sensitive.js).
 * Masking when written keeps reads free of per-record hooks; the form's pattern is checked on the plain
 * value before either is set, so neither column repeats it.
 */
export const sealedName = (name: string): string => `${name}Sealed`;
const SEALED_MAX = 512;

function field(collection: string, type: string, name: string, props: Record<string, unknown>): PbField {
  return { id: fieldId(collection, type, name), name, type, hidden: false, presentable: false, system: false, ...props };
}

/** One form property → one PocketBase field, carrying the same limits the form shows. */
export function pbField(collection: string, f: FieldModel): PbField {
  const s = f.schema;
  const required = f.requiredEverywhere;
  switch (f.kind) {
    case 'group':
      // The rows as JSON, checked by the form's validator before they are set; sized for the most rows.
      // Required in the database only when a row is: PocketBase counts an empty list as no value.
      return field(collection, 'json', f.name, { required: required && (s.minItems ?? 0) > 0, maxSize: groupColumnBytes(f) });
    case 'file':
    case 'files':
      // Several files keep the order they were sent in.
      return field(collection, 'file', f.name, {
        required,
        maxSelect: f.traits.file?.maxFiles ?? 1,
        maxSize: f.traits.file?.maxSize ?? 0,
        mimeTypes: f.traits.file?.accept ?? [],
        protected: true,
        thumbs: [],
      });
    case 'select': {
      // One column serves every variant: it accepts each variant's options (x-variants).
      const values = [...new Set([s, ...f.alternatives].flatMap((alt) => (alt.enum ?? []).map(String)))];
      return field(collection, 'select', f.name, { required, maxSelect: 1, values });
    }
    case 'bool':
      return field(collection, 'bool', f.name, { required });
    case 'number':
      return field(collection, 'number', f.name, {
        required,
        onlyInt: s.type === 'integer',
        min: s.minimum ?? null,
        max: s.maximum ?? null,
      });
    case 'email':
      return field(collection, 'email', f.name, { required, exceptDomains: null, onlyDomains: null });
    case 'text':
      if (f.traits.sensitive) {
        return field(collection, 'text', f.name, { required: false, min: 0, max: SEALED_MAX, pattern: '', autogeneratePattern: '', primaryKey: false });
      }
      return field(collection, 'text', f.name, {
        required: required && !s.readOnly,
        min: s.minLength ?? 0,
        max: s.maxLength ?? 0,
        pattern: s.pattern ?? '',
        autogeneratePattern: '',
        primaryKey: false,
      });
  }
}

const textField = (collection: string, name: string, max: number, required: boolean): PbField =>
  field(collection, 'text', name, { required, min: 0, max, pattern: '', autogeneratePattern: '', primaryKey: false });

/** The applicant's private link to an application (status, cancellation, payment): hidden from the API. */
const accessTokenField = (collection: string): PbField =>
  field(collection, 'text', 'accessToken', { hidden: true, required: false, min: 0, max: 64, pattern: '', autogeneratePattern: '', primaryKey: false });

const autodates = (collection: string): PbField[] => [
  field(collection, 'autodate', 'created', { onCreate: true, onUpdate: false }),
  field(collection, 'autodate', 'updated', { onCreate: true, onUpdate: true }),
];

export function serviceCollection(s: ServiceModel, site: SiteModel): PbCollection {
  const staff = staffRule(site.staffCollection);
  return {
    id: collectionId(s.collection),
    name: s.collection,
    type: 'base',
    listRule: staff,
    viewRule: staff,
    // Applications are stored only through POST /api/formwork/submit/{collection} (pb_hooks/lib/submit.js).
    createRule: null,
    // Status changes go through POST /api/formwork/status (pb_hooks/status.pb.js), which keeps the history.
    updateRule: null,
    deleteRule: adminRule(site.staffCollection),
    fields: [
      ...s.fields.map((f) => pbField(s.collection, f)),
      ...s.fields
        .filter((f) => f.traits.sensitive)
        .map((f) => field(s.collection, 'text', sealedName(f.name), { hidden: true, required: false, min: 0, max: SEALED_MAX, pattern: '', autogeneratePattern: '', primaryKey: false })),
      field(s.collection, 'select', 'variant', { required: true, maxSelect: 1, values: s.variants.map((v) => v.id) }),
      field(s.collection, 'select', 'locale', { required: true, maxSelect: 1, values: LOCALE_VALUES }),
      field(s.collection, 'text', IDEMPOTENCY_KEY, { required: false, min: 0, max: 64, pattern: IDEMPOTENCY_PATTERN, autogeneratePattern: '', primaryKey: false }),
      field(s.collection, 'text', PROOF_FIELD, { required: false, min: 0, max: 64, pattern: '^[0-9a-f]{64}$', autogeneratePattern: '', primaryKey: false }),
      ...(takesPayment(s)
        ? [
            field(s.collection, 'url', 'checkoutUrl', { required: false, exceptDomains: null, onlyDomains: null }),
            field(s.collection, 'select', 'paymentStatus', { required: false, maxSelect: 1, values: ['unpaid', 'paid'] }),
            field(s.collection, 'date', 'paidAt', { required: false, min: '', max: '' }),
          ]
        : []),
      // Set by the server: the first status on create, then only through the status endpoint. The service's
      // own statuses (its workflow's, else the site's); a migration rewrites those it no longer has (emit/migrations.ts).
      field(s.collection, 'select', 'status', { required: false, maxSelect: 1, values: s.workflow.statuses }),
      // The staff member working on it (POST /api/formwork/assign/…): a staff record id, '' = nobody. Text, not a
      // relation, since a viewer may not read other staff records through one; names come from the directory route.
      field(s.collection, 'text', ASSIGNEE_FIELD, { required: false, min: 0, max: 15, pattern: STAFF_ID_PATTERN, autogeneratePattern: '', primaryKey: false }),
      referenceField(s),
      ...(s.agreements
        ? [
            accessTokenField(s.collection),
            ...(s.agreements.businessDays
              ? [
                  field(s.collection, 'date', 'cancelDeadline', { required: false, min: '', max: '' }),
                  // The applicant's time zone, in which the deadline is midnight (US business days).
                  field(s.collection, 'text', 'timeZone', { required: false, min: 0, max: 64, pattern: '', autogeneratePattern: '', primaryKey: false }),
                  field(s.collection, 'date', 'cancelledAt', { required: false, min: '', max: '' }),
                ]
              : []),
          ]
        : []),
      ...autodates(s.collection),
    ],
    indexes: [
      `CREATE INDEX \`idx_${s.collection}_created\` ON \`${s.collection}\` (\`created\`)`,
      `CREATE INDEX \`idx_${s.collection}_status\` ON \`${s.collection}\` (\`status\`, \`created\`)`,
      // The list sorts and filters by these (mine, unassigned, paid) with the newest first: one index each.
      ...listIndex(s.collection, ASSIGNEE_FIELD),
      ...(takesPayment(s) ? listIndex(s.collection, 'paymentStatus') : []),
      // Columns admin.ui.json makes sortable (model/columns.ts).
      ...declaredSorts(s.admin.columns).flatMap((f) => listIndex(s.collection, f)),
      // A retry that raced past the hook's look-up is refused here (and answered with the first record).
      `CREATE UNIQUE INDEX \`idx_${s.collection}_${IDEMPOTENCY_KEY}\` ON \`${s.collection}\` (\`${IDEMPOTENCY_KEY}\`) WHERE \`${IDEMPOTENCY_KEY}\` != ''`,
      // Two applications never share a reference (the applicant's quote finds one).
      `CREATE UNIQUE INDEX \`idx_${s.collection}_${REFERENCE_FIELD}\` ON \`${s.collection}\` (\`${REFERENCE_FIELD}\`)`,
      // A proof spent twice at once: the second transaction is refused here.
      `CREATE UNIQUE INDEX \`idx_${s.collection}_${PROOF_FIELD}\` ON \`${s.collection}\` (\`${PROOF_FIELD}\`) WHERE \`${PROOF_FIELD}\` != ''`,
      // The applicant's page finds the application by its token (pb_hooks/lib/application.js): not a scan.
      ...(s.agreements ? [`CREATE INDEX \`idx_${s.collection}_accessToken\` ON \`${s.collection}\` (\`accessToken\`)`] : []),
    ],
  };
}

/**
 * Form fields named like a column the server adds to every application of the service (its status, the
 * proof of work, an SSN's sealed copy, the status token, …): the two would be one column, and the
 * migration would quietly turn the server's into the form's.
 */
export function columnClashes(s: ServiceModel, site: SiteModel): string[] {
  const seen = new Map<string, number>();
  for (const f of serviceCollection(s, site).fields) seen.set(f.name, (seen.get(f.name) ?? 0) + 1);
  return s.fields.map((f) => f.name).filter((name) => (seen.get(name) ?? 0) > 1);
}

/** A collection staff may read and only the server writes (hooks run as the app, past the rules). */
function serverWritten(name: string, site: SiteModel, fields: PbField[], indexes: string[]): PbCollection {
  const staff = staffRule(site.staffCollection);
  return { id: collectionId(name), name, type: 'base', listRule: staff, viewRule: staff, createRule: null, updateRule: null, deleteRule: null, fields, indexes };
}

/** Deleted records of every service, with their files, until an admin restores or purges them. */
export function trashCollection(site: SiteModel): PbCollection {
  const name = site.trashCollection;
  return withDeleteRule(adminRule(site.staffCollection), serverWritten(
    name,
    site,
    [
      textField(name, 'topic', 50, true),
      textField(name, 'key', 50, true),
      textField(name, 'sourceCollection', 100, true),
      field(name, 'json', 'record', { required: true, maxSize: 0 }),
      field(name, 'file', 'files', { required: false, maxSelect: 99, maxSize: 104857600, mimeTypes: [], protected: true, thumbs: [] }),
      textField(name, 'deletedBy', 100, false),
      // The applicant's private status-page token, kept apart from `record` (which staff read), so a
      // restored application's link still works.
      accessTokenField(name),
      ...autodates(name),
    ],
    [
      `CREATE INDEX \`idx_${name}_topic\` ON \`${name}\` (\`topic\`, \`created\`)`,
      `CREATE UNIQUE INDEX \`idx_${name}_key\` ON \`${name}\` (\`sourceCollection\`, \`key\`)`,
    ],
  ));
}

const withDeleteRule = (deleteRule: string, c: PbCollection): PbCollection => ({ ...c, deleteRule });

/**
 * Staff's internal notes on an application and the replies sent to its applicant (kind reply, with the
 * canned reply's id and the outbox e-mail): staff read them, only the server's routes write them
 * (POST /api/formwork/notes/… and /reply/…), never shown to the applicant. Purged with the application (lib/forget.js).
 */
export function noteCollection(site: SiteModel): PbCollection {
  const name = site.noteCollection;
  return serverWritten(
    name,
    site,
    [
      textField(name, 'sourceCollection', 100, true),
      textField(name, 'record', 50, true),
      field(name, 'select', 'kind', { required: true, maxSelect: 1, values: NOTE_KINDS }),
      field(name, 'text', 'author', { required: false, min: 0, max: 15, pattern: STAFF_ID_PATTERN, autogeneratePattern: '', primaryKey: false }),
      textField(name, 'authorEmail', 255, false),
      textField(name, 'body', 5000, true),
      textField(name, 'template', 50, false),
      textField(name, 'mail', 15, false),
      ...autodates(name),
    ],
    [`CREATE INDEX \`idx_${name}_record\` ON \`${name}\` (\`sourceCollection\`, \`record\`, \`created\`)`],
  );
}

/** Audited staff actions: only admins read it, nobody but the server writes or deletes it. */
export function auditCollection(site: SiteModel): PbCollection {
  const name = site.auditCollection;
  const admins = adminRule(site.staffCollection);
  return {
    ...serverWritten(
      name,
      site,
      [
        // cancel: an applicant cancelled through their status link (no staff account; its ip and userAgent say from where).
        // account-link: an admin issued a link to a connected account's payments page (pb_hooks/lib/accountLinks.js).
        // note, reply, assign, status, print: the work on an application (notes, replies, assignee, status, its printout).
        field(name, 'select', 'action', { required: true, maxSelect: 1, values: AUDIT_ACTIONS }),
        textField(name, 'actor', 50, false),
        textField(name, 'actorEmail', 255, false),
        textField(name, 'sourceCollection', 100, false),
        textField(name, 'record', 50, false),
        textField(name, 'field', 100, false),
        textField(name, 'detail', 1000, false),
        textField(name, 'ip', 64, false),
        textField(name, 'userAgent', 500, false),
        ...autodates(name),
      ],
      [`CREATE INDEX \`idx_${name}_created\` ON \`${name}\` (\`created\`)`, `CREATE INDEX \`idx_${name}_record\` ON \`${name}\` (\`sourceCollection\`, \`record\`)`],
    ),
    listRule: admins,
    viewRule: admins,
  };
}

/** Agreements as signed or shown: the exact version (hash) in the language read, who, when, from where. */
export function signatureCollection(site: SiteModel): PbCollection {
  const name = site.signatureCollection;
  return serverWritten(
    name,
    site,
    [
      textField(name, 'sourceCollection', 100, true),
      textField(name, 'record', 50, true),
      textField(name, 'document', 50, true),
      textField(name, 'version', 20, true),
      textField(name, 'language', 5, true),
      textField(name, 'hash', 64, true),
      field(name, 'bool', 'signed', { required: false }),
      textField(name, 'signedName', 200, false),
      textField(name, 'ip', 64, false),
      textField(name, 'userAgent', 500, false),
      ...autodates(name),
    ],
    [`CREATE INDEX \`idx_${name}_record\` ON \`${name}\` (\`sourceCollection\`, \`record\`)`],
  );
}

/**
 * Every agreement text the server has presented, by the hash a signature names: what exactly was signed
 * stays readable after the schema's text changes. The server adds the current texts when it starts
 * (pb_hooks/lib/agreementTexts.js) and never changes them; the e-mailed copy of the documents as signed is
 * rendered from here, so an e-mail that waits across a deploy still carries the text that was signed.
 */
export function agreementTextCollection(site: SiteModel): PbCollection {
  const name = site.agreementTextCollection;
  return serverWritten(
    name,
    site,
    [
      textField(name, 'hash', 64, true),
      textField(name, 'document', 50, true),
      textField(name, 'version', 20, true),
      textField(name, 'language', 5, true),
      textField(name, 'title', 500, true),
      textField(name, 'text', 1000000, true),
      // The text rendered from its markdown at generate time (generator/agreementMarkup.ts): the e-mail's
      // HTML and the PDF's blocks. Empty on a row archived before they were kept: its copies show the text as written.
      textField(name, 'html', 2000000, false),
      field(name, 'json', 'blocks', { required: false, maxSize: 0 }),
      ...autodates(name),
    ],
    [`CREATE UNIQUE INDEX \`idx_${name}_hash\` ON \`${name}\` (\`hash\`)`],
  );
}

/** Every status change of an application (staff read it on the card), and where an applicant's own change came from. */
export function historyCollection(site: SiteModel): PbCollection {
  const name = site.historyCollection;
  return serverWritten(
    name,
    site,
    [
      textField(name, 'sourceCollection', 100, true),
      textField(name, 'record', 50, true),
      textField(name, 'from', 50, false),
      textField(name, 'to', 50, true),
      textField(name, 'by', 50, false),
      textField(name, 'byEmail', 255, false),
      textField(name, 'note', 1000, false),
      // A change made through the applicant's status link: the address and browser it came from.
      textField(name, 'ip', 64, false),
      textField(name, 'userAgent', 500, false),
      ...autodates(name),
    ],
    [`CREATE INDEX \`idx_${name}_record\` ON \`${name}\` (\`sourceCollection\`, \`record\`, \`created\`)`],
  );
}

/**
 * The payment provider's webhook events already acted on (pb_hooks/lib/webhookEvents.js): the unique
 * index makes the second of two deliveries of one event fail in its transaction, so it is acted on once.
 * Superusers only: nothing in it is staff's business.
 */
export function webhookEventCollection(site: SiteModel): PbCollection {
  const name = site.webhookEventCollection;
  return {
    ...serverWritten(
      name,
      site,
      [textField(name, 'eventId', 255, true), textField(name, 'type', 100, false), textField(name, 'outcome', 200, false), ...autodates(name)],
      [`CREATE UNIQUE INDEX \`idx_${name}_eventId\` ON \`${name}\` (\`eventId\`)`, `CREATE INDEX \`idx_${name}_created\` ON \`${name}\` (\`created\`)`],
    ),
    listRule: null,
    viewRule: null,
  };
}

/**
 * Answers an applicant saved to continue later (pb_hooks/lib/drafts.js): one per address and form (the
 * unique index; a new save replaces the old), without sensitive fields or files, behind the token of the
 * e-mailed resume link, which works once and until `expiresAt` (7 days); the drafts job deletes the
 * expired ones. Superusers only: staff have no business with an application nobody has sent.
 */
export function draftCollection(site: SiteModel): PbCollection {
  const name = site.draftCollection;
  return {
    ...serverWritten(
      name,
      site,
      [
        textField(name, 'service', 100, true),
        textField(name, 'variant', 50, true),
        field(name, 'email', 'email', { required: true, exceptDomains: null, onlyDomains: null }),
        textField(name, 'locale', 5, true),
        // Where the form is (its route with the route's values) and the step the applicant was on.
        textField(name, 'path', 300, true),
        textField(name, 'step', 50, false),
        field(name, 'json', 'values', { required: false, maxSize: 0 }),
        accessTokenField(name),
        field(name, 'date', 'expiresAt', { required: true, min: '', max: '' }),
        ...autodates(name),
      ],
      [
        `CREATE UNIQUE INDEX \`idx_${name}_form\` ON \`${name}\` (\`service\`, \`variant\`, \`email\`)`,
        `CREATE UNIQUE INDEX \`idx_${name}_token\` ON \`${name}\` (\`accessToken\`)`,
        `CREATE INDEX \`idx_${name}_expires\` ON \`${name}\` (\`expiresAt\`)`,
      ],
    ),
    listRule: null,
    viewRule: null,
  };
}

/**
 * E-mails waiting to be sent, sent or failed: written in the submission's own transaction, sent by a
 * PocketBase job (pb_hooks/outbox.pb.js). Staff read it (a card's e-mail status); only the server writes.
 * A new e-mail holds its template, its subject and the values it shows (`context`, taken from the
 * application when it was written; the documents as signed by hash, their texts in the archive above); the job renders the body from those when it first sends it
 * (`html`, `text`) and then drops the context. Rendering is most of an e-mail's cost, and doing it in
 * the request held the submission's transaction (docs/performance.md, section 2).
 */
export function outboxCollection(site: SiteModel): PbCollection {
  const name = site.outboxCollection;
  const date = (n: string) => field(name, 'date', n, { required: false, min: '', max: '' });
  const number = (n: string) => field(name, 'number', n, { required: false, onlyInt: true, min: 0, max: null });
  return serverWritten(
    name,
    site,
    [
      textField(name, 'sourceCollection', 100, true),
      textField(name, 'record', 50, true),
      // reply: staff's e-mail to the applicant from the application's page (POST /api/formwork/reply/…).
      field(name, 'select', 'kind', { required: true, maxSelect: 1, values: ['applicant', 'staff', 'reply'] }),
      field(name, 'email', 'to', { required: true, exceptDomains: null, onlyDomains: null }),
      textField(name, 'locale', 5, true),
      textField(name, 'template', 100, false),
      field(name, 'json', 'context', { required: false, maxSize: 0 }),
      textField(name, 'subject', 300, true),
      textField(name, 'html', 100000, false),
      textField(name, 'text', 100000, false),
      field(name, 'select', 'status', { required: true, maxSelect: 1, values: ['pending', 'sent', 'failed'] }),
      number('attempts'),
      date('nextAttemptAt'),
      date('sentAt'),
      textField(name, 'lastError', 1000, false),
      ...autodates(name),
    ],
    [
      `CREATE INDEX \`idx_${name}_due\` ON \`${name}\` (\`status\`, \`nextAttemptAt\`)`,
      `CREATE INDEX \`idx_${name}_record\` ON \`${name}\` (\`sourceCollection\`, \`record\`)`,
      `CREATE INDEX \`idx_${name}_to\` ON \`${name}\` (\`to\`, \`sentAt\`)`,
    ],
  );
}

/**
 * Staff accounts: e-mail + password (PocketBase's minimum of 8 characters), a role (viewers read,
 * admins also act and manage staff), a disabled flag and optional one-time-code MFA. Only verified,
 * enabled accounts sign in; admins create, disable and remove the others (checks in pb_hooks/staff.pb.js).
 */
export function staffCollection(site: SiteModel): PbCollection {
  const name = site.staffCollection;
  const admins = adminRule(name);
  return {
    id: collectionId(name),
    name,
    type: 'auth',
    listRule: `id = @request.auth.id || (${admins})`,
    viewRule: `id = @request.auth.id || (${admins})`,
    createRule: admins,
    updateRule: admins,
    deleteRule: admins,
    fields: [
      textField(name, 'name', 200, false),
      field(name, 'select', 'role', { required: true, maxSelect: 1, values: ['viewer', 'admin'] }),
      field(name, 'bool', 'disabled', { required: false }),
      field(name, 'bool', 'mfa', { required: false }),
      // The language staff screens and the staff member's e-mails are in ('' = the site's default).
      field(name, 'select', 'language', { required: false, maxSelect: 1, values: LOCALE_VALUES }),
      ...autodates(name),
    ],
    indexes: [],
    options: {
      authRule: 'disabled = false && verified = true',
      manageRule: null,
      passwordAuth: { enabled: true, identityFields: ['email'] },
      // A working day, not PocketBase's week: a token copied from a browser with SSNs behind it must not
      // outlive the shift. The console renews its session whenever a screen opens (RequireStaff), so the
      // hours count from the last screen opened.
      authToken: { duration: 8 * 3600 },
      // A one-time code by e-mail as the second factor, for the accounts that have it switched on.
      mfa: { enabled: true, duration: 1800, rule: 'mfa = true' },
      otp: { enabled: true, duration: 300, length: 8 },
    },
  };
}

/** Every collection the site needs, in a stable order. */
export function siteCollections(site: SiteModel): PbCollection[] {
  return [
    staffCollection(site),
    trashCollection(site),
    outboxCollection(site),
    auditCollection(site),
    historyCollection(site),
    noteCollection(site),
    signatureCollection(site),
    agreementTextCollection(site),
    webhookEventCollection(site),
    draftCollection(site),
    ...site.services.map((s) => serviceCollection(s, site)),
  ];
}
