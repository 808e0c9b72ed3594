import { Tabs } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { Locale } from '../../engine/types.ts';
import { registry } from '../../generated/registry.ts';
import { useLocale } from '../../app/locale.tsx';

/** EN / UZ / RU on every form; choosing one switches the whole page (spec §2). */
export function LanguageTabs() {
  const { locale, setLocale } = useLocale();
  const intl = useIntl();
  return (
    <Tabs value={locale} onChange={(v) => v && setLocale(v as Locale)} mb="md" aria-label={intl.formatMessage({ id: 'lang.label' })}>
      <Tabs.List>
        {registry.languages.map((l) => (
          <Tabs.Tab key={l} value={l} lang={l}>
            {l.toUpperCase()}
            <span className="sr-only"> — {intl.formatMessage({ id: `lang.${l}` })}</span>
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
