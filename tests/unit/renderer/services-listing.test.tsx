/**
 * The /services page as the build prerenders it (src/prerender/entry.tsx, in Node, no browser): every
 * form the registry lists, in its order, with its title linking to the form, its one line and its
 * price in each language ("No fee", or that the payment page shows it, where none is listed), and the
 * page's other links after them.
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../src/prerender/entry.tsx';
import { listingPriceText } from '../../../src/engine/price.ts';
import { registry } from '../../../src/generated/registry.ts';
import type { Locale } from '../../../src/engine/types.ts';
import en from '../../../src/generated/messages/en.json';
import uz from '../../../src/generated/messages/uz.json';
import ru from '../../../src/generated/messages/ru.json';

const catalogues: Record<Locale, Record<string, string>> = { en, uz, ru };
/** As React writes text into HTML. */
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

/** The listed services without a price, and what they say instead. */
const UNPRICED: Record<string, string> = {
  loan: 'listing.atCheckout',
  personal: 'listing.atCheckout',
  student: 'listing.atCheckout',
  upload: 'listing.free',
  ssn: 'listing.free',
};

describe('the services page', () => {
  it('lists the services whose service.json says so: the live ones, each form once', () => {
    expect(registry.listing.map((l) => l.route)).toEqual(['/creditrepair', '/claim', '/', '/student', '/loan', '/personal', '/company', '/upload', '/update']);
    expect(new Set(registry.listing.map((l) => l.route)).size).toBe(registry.listing.length);
  });

  it.each(['en', 'uz', 'ru'] as const)('shows each listed service with its title, one line, price and a link to its form (%s)', async (locale) => {
    const messages = catalogues[locale];
    const t = (id: string, values: Record<string, string> = {}) => (messages[id] ?? id).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
    const { html } = await renderPage('/services', locale);
    const list = html.slice(html.indexOf('data-testid="service-listing"'));
    let at = 0;
    for (const entry of registry.listing) {
      const item = list.indexOf(`data-service="${entry.service}" data-form="${entry.form}"`, at);
      expect(item, `${entry.service}/${entry.form} in its place`).toBeGreaterThan(at - 1);
      const end = list.indexOf('</li>', item);
      const shown = list.slice(item, end);
      expect(shown).toContain(`href="${entry.route}"`);
      expect(shown).toContain(`>${escaped(t(entry.title))}</a>`);
      expect(shown).toContain(`>${escaped(t(entry.summary))}</p>`);
      // Without a listed price: the payment page shows the fee of a form that opens one; the others are free.
      const price = listingPriceText(entry, locale, t) ?? t(UNPRICED[entry.service] ?? 'no text expected');
      expect(shown).toContain(`>${escaped(price)}</span>`);
      at = end;
    }
    // The page's own links (the website packages, the policies, contact) follow the list.
    expect(html.slice(html.indexOf('data-testid="service-listing"'))).toContain(`>${escaped(messages['page.services.links.order']!)}</a>`);
  });

  it('formats the prices per language: whole dollars without cents, a monthly part', () => {
    const t = (id: string, values: Record<string, string> = {}) => (catalogues.ru[id] ?? id).replace(/\{(\w+)\}/g, (_, name: string) => values[name]!);
    const prices = Object.fromEntries(registry.listing.map((l) => [`${l.service}/${l.form}`, listingPriceText(l, 'ru', t)]));
    expect(prices['creditrepair/full']).toBe('300\u00a0$, затем 119,95\u00a0$/месяц');
    expect(prices['claim/flex']).toBe('9,99\u00a0$');
    expect(prices['claim/full']).toBe('125\u00a0$');
    expect(listingPriceText(registry.listing[0]!, 'en', (id, v = {}) => (catalogues.en[id] ?? id).replace(/\{(\w+)\}/g, (_, n: string) => v[n]!))).toBe('$300, then $119.95/month');
    expect(prices['loan/full']).toBeUndefined();
  });
});
