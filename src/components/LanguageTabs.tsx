/**
 * EN / UZ / RU as tabs (spec §2): choosing one switches the whole page, and the choice is remembered
 * (src/app/locale.tsx). The short code is what the original showed; the language's own name is read out.
 */
import { Tabs } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useLocale } from '../app/locale.tsx';
import type { Locale } from '../engine/types.ts';
import { registry } from '../generated/registry.ts';

/** The id of the page's <main> (src/app/Root.tsx): what a language tab switches. */
export const MAIN_ID = 'main-content';

export function LanguageTabs() {
  const { locale, setLocale } = useLocale();
  const intl = useIntl();
  return (
    <Tabs value={locale} onChange={(v) => v && setLocale(v as Locale)} mb="md">
      <Tabs.List aria-label={intl.formatMessage({ id: 'lang.label' })}>
        {registry.languages.map((l) => (
          // There are no Tabs.Panel: the whole page is what a tab switches, so it controls <main> rather
          // than the panel id Mantine would point at (an id nothing has is invalid ARIA).
          <Tabs.Tab key={l} value={l} lang={l} aria-controls={MAIN_ID}>
            {l.toUpperCase()}
            <span className="sr-only"> — {intl.formatMessage({ id: `lang.${l}` })}</span>
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
