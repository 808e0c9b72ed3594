/**
 * POST /studio-api/services: a new service's draft, blank or a copy of an existing one
 * (studio/model/templates.ts). Nothing is written: the draft becomes files on its first Save.
 */
import type { ServiceDraft } from '../model/document.ts';
import { duplicateService, newService, type NewServiceOptions } from '../model/templates.ts';
import type { NewServiceRequest } from './api.ts';
import { RequestError, checkServiceId, loadService, serviceIds } from './project.ts';

export function createDraft(root: string, body: Record<string, unknown>): ServiceDraft {
  const request = body as Partial<NewServiceRequest>;
  for (const key of ['template', 'id', 'collection', 'prefix', 'route', 'adminRoute'] as const) {
    if (typeof request[key] !== 'string') throw new RequestError(400, `${key}: expected a text`);
  }
  const { template, ...options } = request as NewServiceRequest;
  const id = checkServiceId(options.id);
  if (serviceIds(root).includes(id)) throw new RequestError(409, `a service "${id}" exists already: choose another id`);
  const settings: NewServiceOptions = { ...options, id };
  const source = template === 'blank' ? undefined : loadService(root, checkServiceId(template)).draft;
  try {
    return source ? duplicateService(source, settings) : newService(settings);
  } catch (err) {
    // The model refuses options it cannot make a service of (a bad route or prefix), in words for the form.
    throw new RequestError(400, err instanceof Error ? err.message : String(err));
  }
}
