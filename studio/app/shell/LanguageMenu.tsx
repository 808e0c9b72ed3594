/**
 * The header's language menu: the studio's own texts in English, Uzbek or Russian. The button says the
 * language in use; each item is named in its own language (and marked with its lang, so a screen reader
 * pronounces it right).
 */
import { Button, Menu } from '@mantine/core';
import { useIntl } from 'react-intl';
import { LOCALE_NAMES, STUDIO_LOCALES, useStudioLocale } from '../intl.tsx';

export function LanguageMenu() {
  const intl = useIntl();
  const { locale, setLocale } = useStudioLocale();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" aria-label={intl.formatMessage({ id: 'app.language.button' }, { language: LOCALE_NAMES[locale] })}>
          {LOCALE_NAMES[locale]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{intl.formatMessage({ id: 'app.language.menu' })}</Menu.Label>
        {STUDIO_LOCALES.map((option) => (
          <Menu.Item key={option} lang={option} onClick={() => setLocale(option)} aria-current={option === locale ? 'true' : undefined}>
            {LOCALE_NAMES[option]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
