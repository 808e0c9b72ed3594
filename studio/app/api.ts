/**
 * The studio server's HTTP API (studio/server/, under /studio-api/) as the app calls it: JSON in, JSON out,
 * an error with the server's own message when it refuses. The shapes are the server's (studio/server/api.ts).
 */
import type { ServiceDraft } from '../model/document.ts';
import type { CatalogueResponse, CheckResponse, NewServiceRequest, PlanChoices, PlanResponse, SaveResponse, ServiceResponse } from '../server/api.ts';

/** A refusal of the studio server: its HTTP status and what it said. */
export class StudioApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

async function call<T>(path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const response = await fetch(`/studio-api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const said = parsed && typeof parsed === 'object' && 'error' in parsed ? String((parsed as { error: unknown }).error) : text;
    throw new StudioApiError(response.status, said || response.statusText, parsed);
  }
  return parsed as T;
}

export const studioApi = {
  catalogue: (signal?: AbortSignal) => call<CatalogueResponse>('services', undefined, signal),
  service: (id: string, signal?: AbortSignal) => call<ServiceResponse>(`services/${encodeURIComponent(id)}`, undefined, signal),
  create: (request: NewServiceRequest) => call<{ draft: ServiceDraft }>('services', request),
  check: (draft: ServiceDraft, signal?: AbortSignal) => call<CheckResponse>('check', { draft }, signal),
  plan: (draft: ServiceDraft, choices: PlanChoices, signal?: AbortSignal) => call<PlanResponse>('plan', { draft, choices }, signal),
  save: (draft: ServiceDraft, choices: PlanChoices) => call<SaveResponse>('save', { draft, choices }),
};
