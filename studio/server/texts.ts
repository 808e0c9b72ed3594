/**
 * A draft as the text of its files, exactly as Save writes them: studio/model/format.ts with the file on
 * disk as the previous text, so what is unchanged keeps its layout. The check and the plan use the same
 * texts, so a problem's line and column are those of the file that will be saved.
 */
import type { ServiceDraft, ServiceFile } from '../model/document.ts';
import { writeDraft } from '../model/format.ts';

export function draftTexts(draft: ServiceDraft, previous: Partial<Record<ServiceFile, string>>): Record<ServiceFile, string> {
  return writeDraft(draft, previous);
}
