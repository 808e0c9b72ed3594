/**
 * react-intl without its probes of the browser's locale data. `Intl.NumberFormat.supportedLocalesOf`
 * builds ICU's list of available locales on its first call: ~35 ms on a desktop core, over 100 ms on a
 * loaded one, and Lighthouse's phone (4× slower) spent ~150 ms in it in the middle of the first render,
 * the page's longest task. Nothing we show needs the list:
 *
 * - react-intl's createIntl calls it (and DateTimeFormat's) only to report missing locale data to
 *   onError; our languages are fixed (registry.languages) and the e2e tests run every one of them;
 * - intl-messageformat calls it to pick a supported locale for a message's plural rules and numbers;
 *   Intl's own constructors fall back the same way, and engine/numberFormat.ts formats our amounts.
 *
 * intl-messageformat is pinned to the version react-intl pins, so this is the class react-intl uses
 * (tests/unit/renderer/site-intl.test.ts fails otherwise).
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { createIntl, createIntlCache, type IntlConfig, type IntlShape } from 'react-intl';

IntlMessageFormat.resolveLocale = (locales) => new Intl.Locale(Array.isArray(locales) ? (locales[0] ?? 'en') : locales);

const cache = createIntlCache();
type Probed = { supportedLocalesOf: (locales?: string | readonly string[]) => string[] };

/** react-intl's createIntl, its locale-data probe answered without building ICU's list (see above). */
export function createSiteIntl(config: IntlConfig): IntlShape {
  const services: Probed[] = [Intl.NumberFormat, Intl.DateTimeFormat];
  const probes = services.map((service) => service.supportedLocalesOf);
  for (const service of services) service.supportedLocalesOf = (locales) => (locales === undefined ? [] : [locales].flat());
  try {
    return createIntl(config, cache);
  } finally {
    services.forEach((service, i) => (service.supportedLocalesOf = probes[i]!));
  }
}
