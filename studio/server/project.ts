/**
 * The project tree the studio edits (`--root`, the generator's own): where a service's files are, and
 * reading them as they are on disk. The studio writes only under <root>/schemas/services/<id>/ itself;
 * the generator writes the rest (save.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICE_FILES, type ServiceDraft, type ServiceFile } from '../model/document.ts';

/** A service id as service.meta.json allows it; anything else never reaches a path. */
const SERVICE_ID = /^[a-z][a-z0-9-]*$/;

/** A refusal said to the app as is (HTTP status + message): a bad request, an unknown service. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function checkServiceId(id: unknown): string {
  if (typeof id !== 'string' || !SERVICE_ID.test(id)) throw new RequestError(400, `not a service id: ${JSON.stringify(id)} (lower-case letters, digits and hyphens, starting with a letter)`);
  return id;
}

export const schemasDir = (root: string) => join(root, 'schemas');
export const servicesDir = (root: string) => join(root, 'schemas', 'services');
export const serviceDir = (root: string, id: string) => join(servicesDir(root), checkServiceId(id));
/** A service file as the command line names it: `schemas/services/<id>/form.schema.json`. */
export const servicePath = (id: string, file: string) => `schemas/services/${id}/${file}`;

/** The ids of the services on disk, sorted. */
export function serviceIds(root: string): string[] {
  const dir = servicesDir(root);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && SERVICE_ID.test(d.name))
    .map((d) => d.name)
    .sort();
}

/** Each file of a service as written on disk; a file it lacks is absent. */
export function diskTexts(root: string, id: string): Partial<Record<ServiceFile, string>> {
  const dir = serviceDir(root, id);
  const texts: Partial<Record<ServiceFile, string>> = {};
  for (const file of SERVICE_FILES) {
    const path = join(dir, file);
    if (existsSync(path)) texts[file] = readFileSync(path, 'utf8');
  }
  return texts;
}

/** A service on disk as a draft, with its texts (404 when there is no such service, 422 when a file is not JSON). */
export function loadService(root: string, id: string): { draft: ServiceDraft; texts: Record<ServiceFile, string> } {
  if (!existsSync(serviceDir(root, id))) throw new RequestError(404, `no service "${id}" in ${servicesDir(root)}`);
  const texts = diskTexts(root, id);
  const files = {} as ServiceDraft['files'];
  for (const file of SERVICE_FILES) {
    const text = texts[file];
    if (text === undefined) throw new RequestError(422, `${servicePath(id, file)} is missing: the studio edits a service with all of ${SERVICE_FILES.join(', ')}`);
    try {
      files[file] = JSON.parse(text);
    } catch (err) {
      throw new RequestError(422, `${servicePath(id, file)} is not valid JSON (${(err as Error).message}): fix it by hand, then open it here (npm run generate:check names the place)`);
    }
  }
  return { draft: { id, files }, texts: texts as Record<ServiceFile, string> };
}
