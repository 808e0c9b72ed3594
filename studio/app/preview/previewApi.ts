/** POST /studio-api/preview: the payload of a draft in a language (studio/server/preview.ts builds it). */
import type { ServiceDraft } from '../../model/document.ts';
import type { PreviewPayload } from '../../preview/payload.ts';
import type { PreviewRequest, Problem } from '../../server/api.ts';

/** The server could not build the preview: the draft has problems (the generator refused it), or another failure. */
export class PreviewRefused extends Error {
  constructor(
    message: string,
    readonly problems: Problem[],
  ) {
    super(message);
  }
}

export async function fetchPreview(draft: ServiceDraft, locale: PreviewRequest['locale'], signal?: AbortSignal): Promise<PreviewPayload> {
  const body: PreviewRequest = { draft, locale };
  const response = await fetch('/studio-api/preview', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal });
  if (response.ok) return (await response.json()) as PreviewPayload;
  const text = await response.text();
  let said: { error?: string; problems?: Problem[] } = {};
  try {
    said = JSON.parse(text) as typeof said;
  } catch {
    // not JSON: the status line says it
  }
  throw new PreviewRefused(said.error ?? (text || response.statusText), said.problems ?? []);
}
