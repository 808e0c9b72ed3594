/**
 * The payload's service as the site's components take it: its registry entry with each form's loader
 * giving the module the generator made for the draft, its validators imported (validators.ts) and its
 * blocks' renderers loaded (src/app/loaded.ts loadForm), so the form shows in the first render after.
 */
import { loadForm } from '../../src/app/loaded.ts';
import { clearDraft, draftKey } from '../../src/features/forms/drafts/draftStore.ts';
import type { FormModule, FormVariant, ServiceEntry } from '../../src/engine/types.ts';
import type { PreviewPayload } from './payload.ts';
import { importValidators } from './validators.ts';

export interface PreparedPreview {
  payload: PreviewPayload;
  service: ServiceEntry;
}

export async function preparePreview(payload: PreviewPayload): Promise<PreparedPreview> {
  const forms = await Promise.all(
    payload.service.forms.map(async ({ module, validators, path: _path, sample: _sample, ...entry }): Promise<FormVariant> => {
      const form: FormModule = { ...module, validators: await importValidators(validators) };
      const variant: FormVariant = { ...entry, load: () => Promise.resolve(form) };
      await loadForm(variant);
      // Answers typed into an earlier preview are not given back with the site's "restored" notice.
      clearDraft(draftKey(payload.service.collection, variant.id));
      return variant;
    }),
  );
  return { payload, service: { ...payload.service, forms } };
}
