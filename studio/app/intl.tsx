/**
 * The studio's own language (its buttons and headings, not the service's texts): English, Uzbek or
 * Russian, chosen in the header and remembered in this browser. Messages are ICU strings parsed at run
 * time (react-intl with its parser: the studio is a local tool, not a page to keep small).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import uz from '../i18n/uz.json';

export const STUDIO_LOCALES = ['en', 'uz', 'ru'] as const;
export type StudioLocale = (typeof STUDIO_LOCALES)[number];

export const studioMessages: Record<StudioLocale, Record<string, string>> = { en, uz, ru };

/** Each language by its own name, as a language menu shows it. */
export const LOCALE_NAMES: Record<StudioLocale, string> = { en: 'English', uz: 'Oʻzbekcha', ru: 'Русский' };

const STORAGE_KEY = 'studio.locale';

const isLocale = (value: unknown): value is StudioLocale => (STUDIO_LOCALES as readonly unknown[]).includes(value);

function remembered(): StudioLocale {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLocale(value) ? value : 'en';
  } catch {
    return 'en'; // storage refused (a private window): English
  }
}

const LocaleContext = createContext<{ locale: StudioLocale; setLocale(locale: StudioLocale): void }>({ locale: 'en', setLocale: () => {} });

export const useStudioLocale = () => useContext(LocaleContext);

export function StudioIntl({ initial, children }: { initial?: StudioLocale; children: ReactNode }) {
  const [locale, setLocaleState] = useState<StudioLocale>(() => initial ?? remembered());
  const setLocale = useCallback((next: StudioLocale) => {
    setLocaleState(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not remembered; the choice still holds until the page is left.
    }
  }, []);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={locale} defaultLocale="en" messages={studioMessages[locale]}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
