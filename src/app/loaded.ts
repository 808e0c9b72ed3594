/**
 * The form modules and message parts the browser has loaded, kept so a render can take them at once
 * (a page's content is taken by its screen's module: app/routes.tsx).
 * A prerendered page hydrates only if its first render matches the HTML, so what the page shows must be
 * here before that render rather than arrive in an effect; prepareRoute (app/routes.tsx) loads it first.
 */
import { formBlocks, loadBlockRenderers } from '../components/blockModules.ts';
import { CORE_PART } from '../../shared/messageParts.ts';
import type { FormModule, FormVariant, Locale, PageEntry, PageModule } from '../engine/types.ts';
import { registry } from '../generated/registry.ts';

export type Messages = Awaited<ReturnType<typeof registry.loadMessages>>;

const forms = new WeakMap<FormVariant, FormModule>();
const messages = new Map<string, Messages>();
const partKey = (locale: Locale, part: string) => `${locale}\u0000${part}`;

/** Loads a form's module, and the renderers of the blocks its page may show (components/blockModules.ts). */
export function loadForm(variant: FormVariant): Promise<FormModule> {
  return variant
    .load()
    .then((module) => loadBlockRenderers(formBlocks(module, variant.success)).then(() => module))
    .then((module) => {
      forms.set(variant, module);
      return module;
    });
}

/** Loads a page's content, and the renderers of its blocks (components/blockModules.ts). */
export function loadPage(page: PageEntry): Promise<PageModule> {
  return page.load().then((module) => loadBlockRenderers(module.blocks).then(() => module));
}

/** The variant's module, if it has loaded. */
export const loadedForm = (variant: FormVariant): FormModule | undefined => forms.get(variant);

export function loadMessages(locale: Locale, part: string = CORE_PART): Promise<Messages> {
  return registry.loadMessages(locale, part).then((loaded) => {
    messages.set(partKey(locale, part), loaded);
    return loaded;
  });
}

/** A part of a language's messages, if it has loaded. */
export const loadedMessages = (locale: Locale, part: string = CORE_PART): Messages | undefined => messages.get(partKey(locale, part));

/** The parts other than the core loaded so far for a language. */
export function loadedParts(locale: Locale): string[] {
  const prefix = partKey(locale, '');
  return [...messages.keys()].filter((key) => key.startsWith(prefix) && key !== partKey(locale, CORE_PART)).map((key) => key.slice(prefix.length));
}
