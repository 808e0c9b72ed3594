/**
 * The current language: from ?lang= in the URL, else the visitor's last choice (cookie, then
 * localStorage), else the site default.
 * Switching updates the URL, localStorage, a cookie (the server picks the prerendered page's language by
 * it: pb_hooks/static.pb.js) and <html lang>, and loads only that language's messages: the core part,
 * plus the parts the screens shown so far asked for (<MessagePart>, shared/messageParts.ts).
 */
import { Center, Loader } from '@mantine/core';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createIntl, createIntlCache, RawIntlProvider } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { ScreenLoader } from '../components/ScreenLoader.tsx';
import type { Locale } from '../engine/types.ts';
import { registry } from '../generated/registry.ts';
import { loadedMessages, loadedParts, loadMessages, type Messages } from './loaded.ts';
import { contract } from '../generated/contract.ts';

/** react-intl's formatter cache, shared by every language's intl object (as its docs set up createIntl). */
const intlCache = createIntlCache();
const STORAGE_KEY = contract.cookies.language;
/** The cookie that tells the server the visitor's language (the same name as the localStorage key). */
const COOKIE = STORAGE_KEY;

interface LocaleState {
  locale: Locale;
  setLocale: (l: Locale) => void;
  has: (key: string) => boolean;
  /** Asks for a part of the messages; `hasPart` says when it has come (in some language). */
  requestPart: (part: string) => void;
  hasPart: (part: string) => boolean;
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
    return null; // private mode, or no browser (prerendering)
  }
}

/**
 * The cookie's language. It is never older than localStorage's: the site writes both, and the server
 * writes the cookie alone when a prerendered page is asked for with ?lang= (the visitor may follow a
 * link before this script has run: pb_hooks/static.pb.js).
 */
function cookieLocale(): Locale | null {
  if (typeof document === 'undefined') return null;
  const v =
    document.cookie
      .split('; ')
      .find((c) => c.startsWith(`${COOKIE}=`))
      ?.slice(COOKIE.length + 1) ?? null;
  return isLocale(v) ? v : null;
}

/** The language a page at this query string shows. */
export function localeFor(search: string): Locale {
  const fromUrl = new URLSearchParams(search).get('lang');
  return isLocale(fromUrl) ? fromUrl : (cookieLocale() ?? storedLocale() ?? registry.defaultLanguage);
}

/**
 * react-intl reports a missing or broken message only in development builds; the shipped site reports
 * it too, so the end-to-end tests (which run the production build) fail on any untranslated key.
 */
function reportIntlError(error: Error): void {
  console.error(`[intl] ${error.message}`);
}

interface Catalogue {
  locale: Locale;
  parts: ReadonlySet<string>;
  messages: Messages;
}

/** The catalogue made of what has already loaded, if the core has (a prerendered page's first render). */
function loadedCatalogue(locale: Locale, parts: ReadonlySet<string>): Catalogue | null {
  const core = loadedMessages(locale);
  if (!core) return null;
  return { locale, parts, messages: Object.assign({}, core, ...[...parts].map((part) => loadedMessages(locale, part))) as Messages };
}

const covers = (catalogue: Catalogue | null, locale: Locale, parts: ReadonlySet<string>) =>
  catalogue?.locale === locale && [...parts].every((part) => catalogue.parts.has(part));

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const locale = localeFor(params.toString());
  // What prepareRoute has loaded is there from the first render: a prerendered page hydrates with it.
  const [requested, setRequested] = useState<ReadonlySet<string>>(() => new Set(loadedParts(locale)));
  // Until the new language (or a newly asked part) has come, the screen keeps the catalogue it has.
  const [catalogue, setCatalogue] = useState<Catalogue | null>(() => loadedCatalogue(locale, requested));

  useEffect(() => {
    if (covers(catalogue, locale, requested)) return;
    let live = true;
    const parts = [...requested];
    // Dynamic imports are cached, so parts already loaded cost nothing here.
    void Promise.all([loadMessages(locale), ...parts.map((part) => loadMessages(locale, part))]).then(
      () => live && setCatalogue(loadedCatalogue(locale, new Set(parts))),
    );
    return () => {
      live = false;
    };
  }, [catalogue, locale, requested]);

  useEffect(() => {
    document.documentElement.lang = locale;
    try {
      localStorage.setItem(STORAGE_KEY, locale);
    } catch {
      // private mode: the URL still carries the language
    }
    document.cookie = `${COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
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
  const requestPart = useCallback((part: string) => setRequested((prev) => (prev.has(part) ? prev : new Set(prev).add(part))), []);
  const has = useCallback((key: string) => !!catalogue && key in catalogue.messages, [catalogue]);
  const hasPart = useCallback((part: string) => !!catalogue?.parts.has(part), [catalogue]);
  const value = useMemo(() => ({ locale, setLocale, has, requestPart, hasPart }), [locale, setLocale, has, requestPart, hasPart]);
  const intl = useMemo(
    () =>
      catalogue &&
      createIntl({ locale: catalogue.locale, messages: catalogue.messages, defaultLocale: registry.defaultLanguage, onError: reportIntlError }, intlCache),
    [catalogue],
  );

  if (!catalogue || !intl) {
    return (
      // No text yet: the messages that would say "Loading" in the visitor's language are what is loading.
      <Center h="50vh" aria-busy="true">
        <Loader />
      </Center>
    );
  }
  return (
    <LocaleContext.Provider value={value}>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </LocaleContext.Provider>
  );
}

const keepLocale = () => {};
const allParts = () => true;

/**
 * One language whose messages are given whole rather than loaded from the registry's catalogues: the
 * studio's preview (studio/preview/) renders a draft service the generated registry does not have. No
 * address, storage or cookie is read or written; every part counts as loaded.
 */
export function GivenLocaleProvider({ locale, messages, children }: { locale: Locale; messages: Messages; children: ReactNode }) {
  const has = useCallback((key: string) => key in messages, [messages]);
  const value = useMemo(() => ({ locale, setLocale: keepLocale, has, requestPart: keepLocale, hasPart: allParts }), [locale, has]);
  const intl = useMemo(() => createIntl({ locale, messages, defaultLocale: registry.defaultLanguage, onError: reportIntlError }, intlCache), [locale, messages]);
  return (
    <LocaleContext.Provider value={value}>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </LocaleContext.Provider>
  );
}

/** Renders its children once the named part of the messages has come (a loader until then). */
export function MessagePart({ name, children }: { name: string; children: ReactNode }) {
  const { requestPart, hasPart } = useLocale();
  useEffect(() => requestPart(name), [requestPart, name]);
  return hasPart(name) ? children : <ScreenLoader />;
}
