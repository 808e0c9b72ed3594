/**
 * GET /studio-api/services: the services on disk, the shared fields a form may reuse, and what a new
 * service may start from. Read from disk on each request: the files are small and may change under the
 * studio (a `git pull`, an editor).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Json } from '../model/document.ts';
import { kindOf } from '../model/kinds.ts';
import type { CatalogueResponse, ServiceSummary, SharedField } from './api.ts';
import { schemasDir, serviceDir, serviceIds } from './project.ts';

type Schema = Record<string, unknown>;

const readJson = (path: string): unknown => {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    // A file being edited by hand may be half-written: the service is still listed, with what can be read.
    return undefined;
  }
};

const asObject = (value: unknown): Schema => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Schema) : {});

/** Field names of a form: its properties and those of its if/then branches (a condition's fields). */
export function formFieldNames(form: unknown): string[] {
  const names = new Set(Object.keys(asObject(asObject(form).properties)));
  const branches = asObject(form).allOf;
  for (const branch of Array.isArray(branches) ? branches : []) {
    for (const side of ['then', 'else']) for (const name of Object.keys(asObject(asObject(asObject(branch)[side]).properties))) names.add(name);
  }
  return [...names];
}

function summary(root: string, id: string): ServiceSummary {
  const dir = serviceDir(root, id);
  const service = asObject(readJson(join(dir, 'service.json')));
  const en = asObject(readJson(join(dir, 'i18n', 'en.json')));
  const forms = Array.isArray(service.forms) ? service.forms : [];
  return {
    id,
    title: typeof en.title === 'string' ? en.title : id,
    collection: typeof service.collection === 'string' ? service.collection : '',
    route: String(asObject(forms[0]).route ?? ''),
    fields: formFieldNames(readJson(join(dir, 'form.schema.json'))).length,
  };
}

export function sharedFields(root: string): SharedField[] {
  const path = join(schemasDir(root), 'common', 'fields.json');
  const definitions = existsSync(path) ? asObject(asObject(readJson(path)).definitions) : {};
  return Object.entries(definitions).map(([name, schema]) => ({ name, kind: kindOf(schema as Json), schema }));
}

export function catalogue(root: string): CatalogueResponse {
  const services = serviceIds(root).map((id) => summary(root, id));
  return {
    services,
    sharedFields: sharedFields(root),
    templates: [{ id: 'blank', title: 'Blank' }, ...services.map((s) => ({ id: s.id, title: s.title }))],
  };
}
