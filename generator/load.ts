/**
 * Reads schemas/ from disk into plain objects, file by file, remembering where each came from.
 * Nothing here interprets the content; see validate.ts and model/. The objects are typed as their
 * meta-schemas accept them (sources.ts), which holds once validate.ts has passed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Problems } from './errors.ts';
import { parseJson } from './jsonSource.ts';
import type { AdminJson, FormSchemaJson, MailSubjectJson, MessagesJson, PageJson, SameInAllLanguagesJson, ServiceJson, SiteJson, UiJson } from './sources.ts';

export const LOCALES = ['en', 'uz', 'ru'] as const;

export interface SourceFile<T = unknown> {
  /** Path relative to the repository root, used in every error message. */
  path: string;
  data: T;
}

export interface ServiceSource {
  id: string;
  dir: string;
  service: SourceFile<ServiceJson>;
  form: SourceFile<FormSchemaJson>;
  ui: SourceFile<UiJson>;
  admin: SourceFile<AdminJson>;
  messages: Record<string, SourceFile<MessagesJson>>;
  /** The service's own e-mail templates (mail/<name>/), which win over schemas/mail/<name>/. */
  mail: MailSource[];
  /** Documents the applicant reads or signs: agreements/<document>.<locale>.md, by document and locale. */
  agreements: Record<string, Record<string, SourceFile<string>>>;
}

export interface PageSource {
  id: string;
  page: SourceFile<PageJson>;
  messages: Record<string, SourceFile<MessagesJson>>;
}

/** An e-mail template: schemas/mail/<name>/subject.json and <locale>.html.hbs / <locale>.txt.hbs. */
export interface MailSource {
  name: string;
  subject: SourceFile<MailSubjectJson>;
  bodies: Record<string, { html: SourceFile<string>; text: SourceFile<string> }>;
}

export interface SchemaSources {
  root: string;
  schemasDir: string;
  site: SourceFile<SiteJson>;
  fields: SourceFile;
  commonMessages: Record<string, SourceFile<MessagesJson>>;
  sameInAllLanguages: SourceFile<SameInAllLanguagesJson>;
  services: ServiceSource[];
  pages: PageSource[];
  mail: MailSource[];
  meta: Record<string, SourceFile>;
}

/**
 * A JSON file, typed as its meta-schema accepts it (T): a missing or unparsable file is a problem, and
 * the pipeline stops on it before anything reads its (then empty) data. A key written twice is a
 * problem too. Every problem reported against the file later is put at its line and column.
 */
function readJson<T = unknown>(root: string, path: string, problems: Problems): SourceFile<T> {
  const rel = relative(root, path);
  if (!existsSync(path)) {
    problems.add(rel, '', 'file is missing');
    return { path: rel, data: {} as T };
  }
  const parsed = parseJson(readFileSync(path, 'utf8'));
  problems.locate(rel, parsed.locate);
  if (parsed.syntax) {
    problems.add(rel, '', `not valid JSON: ${parsed.syntax.message}`, parsed.at(parsed.syntax.offset));
    return { path: rel, data: {} as T };
  }
  for (const d of parsed.duplicates) problems.add(rel, d.pointer, d.message, parsed.at(d.offset));
  return { path: rel, data: parsed.data as T };
}

function readText(root: string, path: string, problems: Problems): SourceFile<string> {
  const rel = relative(root, path);
  if (!existsSync(path)) {
    problems.add(rel, '', 'file is missing');
    return { path: rel, data: '' };
  }
  return { path: rel, data: readFileSync(path, 'utf8') };
}

const subdirs = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];

function readMessages(root: string, dir: string, problems: Problems): Record<string, SourceFile<MessagesJson>> {
  return Object.fromEntries(LOCALES.map((l) => [l, readJson<MessagesJson>(root, join(dir, 'i18n', `${l}.json`), problems)]));
}

/** Every template folder under `dir`: subject.json and an HTML and a plain-text body per language. */
function readMail(root: string, dir: string, problems: Problems): MailSource[] {
  return subdirs(dir).map((name): MailSource => {
    const folder = join(dir, name);
    const bodies = Object.fromEntries(
      LOCALES.map((l) => [l, { html: readText(root, join(folder, `${l}.html.hbs`), problems), text: readText(root, join(folder, `${l}.txt.hbs`), problems) }]),
    );
    return { name, subject: readJson<MailSubjectJson>(root, join(folder, 'subject.json'), problems), bodies };
  });
}

/** Every agreements/<document>.<locale>.md of a service (which documents it needs, service.json says). */
function readAgreements(root: string, dir: string): Record<string, Record<string, SourceFile<string>>> {
  const out: Record<string, Record<string, SourceFile<string>>> = {};
  if (!existsSync(dir)) return out;
  for (const file of readdirSync(dir).sort()) {
    const m = /^([a-z][a-z0-9-]*)\.([a-z]{2})\.md$/.exec(file);
    if (!m) continue;
    const [, doc = '', locale = ''] = m;
    (out[doc] ??= {})[locale] = { path: relative(root, join(dir, file)), data: readFileSync(join(dir, file), 'utf8') };
  }
  return out;
}

export function loadSchemas(root: string, schemasDir: string, problems: Problems): SchemaSources {
  const read = <T = unknown>(path: string) => readJson<T>(root, path, problems);
  const metaDir = join(schemasDir, 'meta');
  const meta = Object.fromEntries(
    readdirSync(metaDir)
      .filter((f) => f.endsWith('.meta.json'))
      .sort()
      .map((f) => [f, read(join(metaDir, f))]),
  );
  const services = subdirs(join(schemasDir, 'services')).map((id): ServiceSource => {
    const dir = join(schemasDir, 'services', id);
    return {
      id,
      dir,
      service: read<ServiceJson>(join(dir, 'service.json')),
      form: read<FormSchemaJson>(join(dir, 'form.schema.json')),
      ui: read<UiJson>(join(dir, 'form.ui.json')),
      admin: read<AdminJson>(join(dir, 'admin.ui.json')),
      messages: readMessages(root, dir, problems),
      mail: readMail(root, join(dir, 'mail'), problems),
      agreements: readAgreements(root, join(dir, 'agreements')),
    };
  });
  const pages = subdirs(join(schemasDir, 'pages')).map((id): PageSource => {
    const dir = join(schemasDir, 'pages', id);
    return { id, page: read<PageJson>(join(dir, 'page.json')), messages: readMessages(root, dir, problems) };
  });
  const mail = readMail(root, join(schemasDir, 'mail'), problems);
  return {
    root,
    schemasDir,
    mail,
    site: read<SiteJson>(join(schemasDir, 'site.json')),
    fields: read(join(schemasDir, 'common', 'fields.json')),
    commonMessages: readMessages(root, join(schemasDir, 'common'), problems),
    sameInAllLanguages: read<SameInAllLanguagesJson>(join(schemasDir, 'common', 'i18n', 'same-in-all-languages.json')),
    services,
    pages,
    meta,
  };
}
