/**
 * The current language: from ?lang= in the URL, else the visitor's last choice, else the site default.
 * Switching updates the URL, localStorage and <html lang>, and loads only that language's messages.
 */
import { Center, Loader } from '@mantine/core';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import type { Locale } from '../engine/types.ts';
import { registry } from '../generated/registry.ts';

const STORAGE_KEY = 'formwork.lang';

interface LocaleState {
  locale: Locale;
  setLocale: (l: Locale) => void;
  has: (key: string) => boolean;
}

const LocaleContext = createContext<LocaleState | null>(null);

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale outside LocaleProvider');
  return state;
}

const isLocale = (v: string | null): v is Locale => !!v && (registry.languages as string[]).includes(v);

function storedLocale(): Locale | null {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return isLocale(v) ? v : null;
  } catch {
    return null;
  }
}

/**
 * react-intl reports a missing or broken message only in development builds; the shipped site reports
 * it too, so the end-to-end tests (which run the production build) fail on any untranslated key.
 */
function reportIntlError(error: Error): void {
  console.error(`[intl] ${error.message}`);
}

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('lang');
  const locale: Locale = isLocale(fromUrl) ? fromUrl : (storedLocale() ?? registry.defaultLanguage);
  const [messages, setMessages] = useState<{ locale: Locale; messages: Record<string, string> } | null>(null);

  useEffect(() => {
    let live = true;
    void registry.loadMessages(locale).then((m) => live && setMessages({ locale, messages: m }));
    document.documentElement.lang = locale;
    try {
      localStorage.setItem(STORAGE_KEY, locale);
    } catch {
      // private mode: the URL still carries the language
    }
    return () => {
      live = false;
    };
  }, [locale]);

  const setLocale = useCallback(
    (l: Locale) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set('lang', l);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  const has = useCallback((key: string) => !!messages && key in messages.messages, [messages]);
  const value = useMemo(() => ({ locale, setLocale, has }), [locale, setLocale, has]);

  if (!messages) {
    return (
      // No text yet: the messages that would say "Loading" in the visitor's language are what is loading.
      <Center h="50vh" aria-busy="true">
        <Loader />
      </Center>
    );
  }
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={messages.locale} messages={messages.messages} defaultLocale={registry.defaultLanguage} onError={reportIntlError}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
