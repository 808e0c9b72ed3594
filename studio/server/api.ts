/**
 * The studio's JSON API: every request and answer body, as the app (studio/app/) imports them. Types
 * only, so the browser bundle takes nothing of the server. Everything is under API_BASE; a request whose
 * Host or Origin is not the loopback address served is answered 403 (see guard.ts).
 */
import type { ServiceDraft, ServiceFile } from '../model/document.ts';

export const API_BASE = '/studio-api';

/**
 * A problem the generator found, located in the file as it will be written (the draft formatted by
 * studio/model/format.ts), with the command line's own wording in `text`.
 */
export interface Problem {
  /** A file of the service (`form.schema.json`, `i18n/ru.json`, …), or a repo-relative path outside it (`schemas/site.json`). */
  file: ServiceFile | string;
  /** JSON pointer of what is wrong, in that file. */
  pointer: string;
  message: string;
  /** 1-based, in the file as written. */
  line: number;
  column: number;
  /** As `npm run generate` prints it: `schemas/services/<id>/form.schema.json:12:5: message`. */
  text: string;
}

/** GET /studio-api/services */
export interface CatalogueResponse {
  services: ServiceSummary[];
  /** The definitions of schemas/common/fields.json a field may `$ref` (kind `shared:<name>`). */
  sharedFields: SharedField[];
  /** What a new service may start from: `blank`, then every existing service (duplicate). */
  templates: { id: string; title: string }[];
}

export interface ServiceSummary {
  id: string;
  /** The English `title` text. */
  title: string;
  collection: string;
  /** The first form's route (`/contact`). */
  route: string;
  /** How many fields the form has (a repeating group counts once). */
  fields: number;
}

export interface SharedField {
  /** The definition's name: `$ref: ../../common/fields.json#/definitions/<name>`. */
  name: string;
  /** The plain kind it is written as: text, email, phone, number, choice, yesno, date, file, files, group. */
  kind: string;
  /** The definition itself. */
  schema: unknown;
}

/** GET /studio-api/services/:id — 404 `{ error }` for an unknown id. */
export interface ServiceResponse {
  draft: ServiceDraft;
  /** Each file's text on disk: pass it back to format.ts so unchanged parts keep their layout. */
  texts: Record<ServiceFile, string>;
}

/** POST /studio-api/check */
export interface CheckRequest {
  draft: ServiceDraft;
}

export interface CheckResponse {
  problems: Problem[];
  /** How long the generator's checks took on the server. */
  ms: number;
}

/** What the editor chose for the fields the draft no longer has (the save dialog). */
export interface PlanChoices {
  /** New field name → the old name it replaces (written as `x-renamed-from`; the column and its values are kept). */
  renames: Record<string, string>;
  /** Names of removed fields of this service whose column is dropped with its values; every other removed field is retired. */
  drop: string[];
}

/** POST /studio-api/plan */
export interface PlanRequest {
  draft: ServiceDraft;
  choices: PlanChoices;
}

export interface FileChange {
  /** Repo-relative: `schemas/services/<id>/form.schema.json`. */
  path: string;
  /** The file on disk, or null for a new one. */
  before: string | null;
  after: string;
  /** Unified diff (`--- a/<path>` / `+++ b/<path>`), three lines of context. */
  diff: string;
}

export interface PlannedMigrationSummary {
  /** The file it will be written as (pb_migrations/<file>). */
  file: string;
  kind: 'created' | 'updated' | 'deleted';
  /** One English line per change: `adds the column contact.phone (text)`, `retires …`, `renames …`, `drops …`. */
  summary: string[];
}

/** A field of the saved service that the draft no longer has (and no rename replaces). */
export interface RemovedField {
  field: string;
  /** `<collection>.<field>`. */
  column: string;
  /** The PocketBase column type. */
  type: string;
  /** With a database at <root>/pb_data/data.db: records holding a value there, and records in all. */
  values?: number;
  records?: number;
}

export interface PlanResponse {
  /** Only the service's files that change. */
  files: FileChange[];
  /** Empty while there are problems. */
  migrations: PlannedMigrationSummary[];
  /** Every removed field, each retired unless renamed or dropped by the choices: the radio groups of the save dialog. */
  removed: RemovedField[];
  /** The removed fields this change retires (kept with their values). */
  retired: RemovedField[];
  /** The columns this change drops, with the values lost (`values`) where a database is there to count. */
  dropped: RemovedField[];
  problems: Problem[];
}

/** POST /studio-api/save — 409 with `{ problems }` while the draft has problems; 400 `{ error }` for an impossible choice. */
export type SaveRequest = PlanRequest;

export interface SaveResponse {
  /** Files written, repo-relative: the service's own, then the generated ones. */
  written: string[];
  /** New migrations written (pb_migrations/…). */
  migrations: string[];
  /** What `npm run generate` prints for the same run, line by line. */
  log: string[];
}

/** POST /studio-api/services — a new draft from a template; nothing is written until it is saved. */
export interface NewServiceRequest {
  /** `blank`, or the id of an existing service to duplicate. */
  template: string;
  id: string;
  collection: string;
  prefix: string;
  route: string;
  adminRoute: string;
}

export interface NewServiceResponse {
  draft: ServiceDraft;
}

/** POST /studio-api/preview: E's PreviewPayload (studio/preview/payload.ts), from studio/server/preview.ts. */
export interface PreviewRequest {
  draft: ServiceDraft;
  locale: 'en' | 'uz' | 'ru';
}

/** Any refusal: 400 bad request, 403 foreign Host/Origin, 404 unknown service or path, 409 (save) with problems. */
export interface ErrorResponse {
  error: string;
  problems?: Problem[];
}
