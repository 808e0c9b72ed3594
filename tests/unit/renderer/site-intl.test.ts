/**
 * src/app/siteIntl.ts: react-intl formats as before, but never asks Intl for its list of supported
 * locales (ICU builds it on the first call: the longest task of a page's first render on a phone).
 */
import { parse } from '@formatjs/icu-messageformat-parser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSiteIntl } from '../../../src/app/siteIntl.ts';

const messages = {
  hint: parse('One file, up to {size}.'),
  count: parse('{n, plural, one {# application} other {# applications}}'),
  ru: parse('{n, plural, one {# заявка} few {# заявки} many {# заявок} other {# заявки}}'),
};

describe('the site intl', () => {
  afterEach(() => vi.restoreAllMocks());

  it('formats messages with values and plurals without probing the locale data', () => {
    const numberProbe = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    const dateProbe = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    const en = createSiteIntl({ locale: 'en', messages, onError: (e) => expect.unreachable(e.message) });
    expect(en.formatMessage({ id: 'hint' }, { size: '10 MB' })).toBe('One file, up to 10 MB.');
    expect(en.formatMessage({ id: 'count' }, { n: 1 })).toBe('1 application');
    expect(en.formatMessage({ id: 'count' }, { n: 3 })).toBe('3 applications');
    const ru = createSiteIntl({ locale: 'ru', messages, onError: (e) => expect.unreachable(e.message) });
    expect([1, 3, 5].map((n) => ru.formatMessage({ id: 'ru' }, { n }))).toEqual(['1 заявка', '3 заявки', '5 заявок']);
    // If intl-messageformat were a second copy (its pin no longer react-intl's), react-intl's would still probe here.
    expect(numberProbe).not.toHaveBeenCalled();
    expect(dateProbe).not.toHaveBeenCalled();
  });

  it("puts Intl's own probes back", () => {
    const { supportedLocalesOf } = Intl.NumberFormat;
    createSiteIntl({ locale: 'uz', messages });
    expect(Intl.NumberFormat.supportedLocalesOf).toBe(supportedLocalesOf);
    expect(Intl.NumberFormat.supportedLocalesOf('en')).toEqual(['en']);
  });
});
