/**
 * The server's drafts (pb_hooks/lib/drafts.js): save the answers and have the resume link e-mailed, and
 * take a saved draft back with the link's token (once). Plain fetch: the form pages carry no API client.
 */
import { contract } from '../../../generated/contract.ts';

export interface SaveRequest {
  variant: string;
  email: string;
  locale: string;
  /** The form's address (its route with the route's values) and the step shown. */
  path: string;
  step: string;
  values: Record<string, unknown>;
}

/** sent: the link is on its way; invalid: the server refused the address; tooMany: the hourly limit; failed: no answer or another error. */
export type SaveResult = 'sent' | 'invalid' | 'tooMany' | 'failed';

export async function saveDraft(collection: string, request: SaveRequest): Promise<SaveResult> {
  try {
    const res = await fetch(`${contract.drafts.saveRoute}${encodeURIComponent(collection)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
    if (res.ok) return 'sent';
    if (res.status === 429) return 'tooMany';
    if (res.status === 400) {
      const body = (await res.json().catch(() => null)) as { data?: Record<string, unknown> } | null;
      if (body?.data?.email) return 'invalid';
    }
    return 'failed';
  } catch {
    return 'failed';
  }
}

export interface ResumedDraft {
  /** The service's collection. */
  service: string;
  variant: string;
  locale: string;
  path: string;
  step: string;
  values: Record<string, unknown>;
}

/** The draft behind a token; 'gone' when the link was used, replaced or expired; 'failed' without an answer. */
export async function resumeDraft(token: string): Promise<ResumedDraft | 'gone' | 'failed'> {
  try {
    const res = await fetch(contract.drafts.resumeRoute, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token }) });
    if (res.status === 404) return 'gone';
    if (!res.ok) return 'failed';
    return (await res.json()) as ResumedDraft;
  } catch {
    return 'failed';
  }
}
