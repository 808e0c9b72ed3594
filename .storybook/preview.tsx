import type { Preview } from '@storybook/react-vite';
import { registry } from '../src/generated/registry.ts';

/** Each language's own name for itself ("Oʻzbekcha"), from its catalogue (plain text, as the generator parsed it). */
const catalogues = import.meta.glob<{ default: Record<string, { type: number; value?: string }[]> }>('../src/generated/messages/parts/*/core.json', { eager: true });
function ownName(locale: string): string {
  const message = catalogues[`../src/generated/messages/parts/${locale}/core.json`]?.default[`lang.${locale}`] ?? [];
  return message.map((part) => part.value ?? '').join('') || locale;
}

// The language switcher in Storybook's toolbar: the generated stories pass `globals.locale` to the page,
// as ?lang= does on the site (also in a story's address: `&globals=locale:uz`).
const preview: Preview = {
  globalTypes: {
    locale: {
      description: 'The language of the form or staff card',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        dynamicTitle: true,
        items: registry.languages.map((locale) => ({ value: locale, title: ownName(locale), right: locale })),
      },
    },
  },
  initialGlobals: { locale: registry.defaultLanguage },
};

export default preview;
