/**
 * A form's precompiled validators in the preview: the generator's own module (generator/emit/browserValidators.ts,
 * the code the site ships as src/generated/forms/<form>.validate.ts), imported from a Blob URL. The site's
 * ApplicationForm then validates the draft exactly as the built site would, with the same formats and the
 * x-date keyword, and no second validator set up to imitate it.
 */
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

/** Modules by source: an edit that leaves the schema alone (a text, a step title) imports nothing. */
const modules = new Map<string, Promise<ValidatorFunctions>>();
const KEPT = 8;

export function importValidators(source: string): Promise<ValidatorFunctions> {
  const known = modules.get(source);
  if (known) return known;
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  const loaded = import(/* @vite-ignore */ url)
    .then((m: { default: ValidatorFunctions }) => m.default)
    .finally(() => URL.revokeObjectURL(url));
  if (modules.size >= KEPT) modules.delete(modules.keys().next().value as string);
  modules.set(source, loaded);
  // A module that failed to load is not kept: the next payload tries again.
  loaded.catch(() => modules.delete(source));
  return loaded;
}
