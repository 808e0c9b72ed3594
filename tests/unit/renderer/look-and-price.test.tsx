/**
 * What a form says about payment above its submit button (engine/checkoutNotice.ts, features/forms/
 * PriceSummary.tsx), how a long form's fields go under its section headings (engine/sections.ts), which
 * blocks are the price summary's (engine/blocks.ts), and the brand in the theme and the header: rendered
 * in Russian and Uzbek from the real catalogues.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SiteProviders } from '../../../src/app/SiteProviders.tsx';
import { theme } from '../../../src/app/theme.ts';
import { layoutFields, splitSubmitBlocks } from '../../../src/engine/blocks.ts';
import { checkoutNotice } from '../../../src/engine/checkoutNotice.ts';
import { sectionGroups } from '../../../src/engine/sections.ts';
import type { Block, FormSectionModel, Locale } from '../../../src/engine/types.ts';
import { PriceSummary } from '../../../src/features/forms/PriceSummary.tsx';
import { renderPage } from '../../../src/prerender/entry.tsx';
import { registry } from '../../../src/generated/registry.ts';
import en from '../../../src/generated/messages/en.json';
import ru from '../../../src/generated/messages/ru.json';
import uz from '../../../src/generated/messages/uz.json';

const catalogues: Record<Locale, Record<string, string>> = { en, uz, ru };
const render = (locale: Locale, node: React.ReactNode) =>
  renderToStaticMarkup(
    <SiteProviders>
      <IntlProvider locale={locale} messages={catalogues[locale]}>
        <MemoryRouter>{node}</MemoryRouter>
      </IntlProvider>
    </SiteProviders>,
  );
/** The text of rendered HTML, tags dropped, entities React writes undone. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/\s+/g, ' ');

const service = (id: string) => registry.services.find((s) => s.id === id)!;

describe('checkoutNotice', () => {
  const upfront = { payments: true, payment: 'upfront' } as const;
  it('says the payment page opens, with the amount where the form has one, only once the server said it opens', () => {
    expect(checkoutNotice(upfront, { opens: true, amount: 125 })).toEqual({ id: 'checkout.notice.opens', amount: 125 });
    expect(checkoutNotice(upfront, { opens: true, amount: null })).toEqual({ id: 'checkout.notice.opensFee' });
    // Not configured: no window opens, so none is promised; unknown yet: nothing said.
    expect(checkoutNotice(upfront, { opens: false, amount: 125 })).toBeNull();
    expect(checkoutNotice(upfront, null)).toBeNull();
  });

  it('says plainly that nothing is charged now where payment comes later, whatever the offer', () => {
    expect(checkoutNotice({ payments: true, payment: 'after-service' }, { opens: false, amount: 300 })).toEqual({ id: 'checkout.notice.afterService' });
    expect(checkoutNotice({ payments: true, payment: 'after-cancellation' }, null)).toEqual({ id: 'checkout.notice.afterCancellation' });
    expect(checkoutNotice({ payments: false, payment: 'upfront' }, { opens: true, amount: 1 })).toBeNull();
  });
});

describe('PriceSummary', () => {
  const claim = service('claim');
  const fee: Block[] = [{ type: 'fee', label: 'service.claim.fee', amount: 'applicationFee' }];

  it('shows the fee and that the provider’s page opens for it after the submit (Russian)', () => {
    const shown = text(render('ru', <PriceSummary service={claim} blocks={fee} offer={{ opens: true, amount: 125 }} />));
    expect(shown).toContain('Оплата');
    expect(shown).toContain('Сбор за заявку 125,00 $');
    expect(shown).toContain('После отправки в новом окне откроется защищённая платёжная страница Stripe на сумму 125,00 $. Деньги не списываются, пока вы не оплатите там.');
  });

  it('states the loan form’s payment window before it opens, in Uzbek, though the form names no amount', () => {
    const loan = service('loan');
    const shown = text(render('uz', <PriceSummary service={loan} blocks={[]} offer={{ opens: true, amount: null }} />));
    expect(shown).toContain('Toʻlov');
    expect(shown).toContain('Yuborganingizdan soʻng yangi oynada Stripe xavfsiz toʻlov sahifasi ochiladi va toʻlashdan oldin toʻlov miqdorini koʻrsatadi.');
  });

  it('tells the credit repair applicant that nothing is charged now, beside the price (Russian)', () => {
    const creditrepair = service('creditrepair');
    const lines: Block[] = [
      {
        type: 'price',
        lines: [
          { label: 'service.creditrepair.price.initial', amount: 'initialPayment' },
          { label: 'service.creditrepair.price.monthly', amount: 'monthlyInstallment', per: 'service.creditrepair.price.perMonth' },
        ],
      },
    ];
    const shown = text(render('ru', <PriceSummary service={creditrepair} blocks={lines} offer={null} />));
    expect(shown).toContain('119,95 $/месяц');
    expect(shown).toContain('Сейчас ничего не списывается. Вы платите только после оказания услуги');
  });

  it('renders nothing for a form with no price and no payment to announce', () => {
    expect(render('en', <PriceSummary service={service('upload')} blocks={[]} offer={{ opens: false, amount: null }} />)).not.toContain('payment-summary');
    expect(render('en', <PriceSummary service={claim} blocks={[]} offer={null} />)).not.toContain('payment-summary');
  });
});

describe('sections of a long form on one page', () => {
  const sections: FormSectionModel[] = [
    { id: 'about', title: 'a', fields: ['firstName', 'email'] },
    { id: 'consent', title: 'c', fields: ['terms'] },
  ];
  it('puts each field, and the blocks placed at it, under its heading; top and bottom blocks outside', () => {
    const b = (message: string): Block[] => [{ type: 'text', message }];
    const items = layoutFields(['firstName', 'email', 'terms'], { top: b('intro'), 'before:terms': b('fee'), 'before:gone': b('orphan'), bottom: b('end') });
    const groups = sectionGroups(items, sections).map((g) => [g.section?.id ?? null, g.start, g.items.map(({ item }) => (item.kind === 'field' ? item.name : item.placement))]);
    expect(groups).toEqual([
      [null, 0, ['top']],
      ['about', 1, ['firstName', 'email']],
      ['consent', 3, ['before:terms', 'terms']],
      [null, 5, ['before:gone', 'bottom']],
    ]);
  });

  it('is one run of everything without sections', () => {
    const items = layoutFields(['a', 'b'], {});
    expect(sectionGroups(items, undefined)).toEqual([{ section: null, start: 0, items: items.map((item, index) => ({ item, index })) }]);
  });

  it('are the real personal and upload forms’ layout, headed in every language', async () => {
    for (const id of ['personal', 'upload']) {
      const form = await service(id).forms[0]!.load();
      expect(form.sections?.map((s) => s.id)).toEqual(['about', 'documents', 'address', 'consent']);
      for (const s of form.sections ?? []) for (const locale of ['en', 'uz', 'ru'] as const) expect(catalogues[locale][s.title], `${s.title} (${locale})`).toBeTruthy();
    }
  });
});

describe('the price summary’s blocks', () => {
  it('are the "submit" placement, kept out of the blocks among the fields', () => {
    const fee: Block = { type: 'fee', label: 'x', amount: 'y' };
    const intro: Block = { type: 'text', message: 'i' };
    expect(splitSubmitBlocks({ top: [intro], submit: [fee] })).toEqual({ around: { top: [intro] }, submit: [fee] });
    expect(splitSubmitBlocks({ top: [intro] })).toEqual({ around: { top: [intro] }, submit: [] });
  });

  it('are where the services with a fee now keep it', async () => {
    for (const [id, variant] of [['claim', 'full'], ['claim', 'flex'], ['company', 'full'], ['creditrepair', 'full'], ['creditrepair', 'self-service']] as const) {
      const form = await service(id).forms.find((f) => f.id === variant)!.load();
      expect(form.blocks.submit?.length, `${id}/${variant}`).toBe(1);
    }
  });
});

describe('the brand', () => {
  it('is the theme’s primary colour, filled in the shade the generator chose', () => {
    expect(theme.primaryColor).toBe('brand');
    expect(theme.colors?.brand).toEqual(registry.site.brand.palette);
    expect(theme.primaryShade).toBe(registry.site.brand.primaryShade);
  });

  it('shows the logo beside the company’s name in the header, sized, and silent beside the name', async () => {
    const { html } = await renderPage('/services', 'ru');
    const { src, width, height } = registry.site.brand.logo;
    expect(html).toMatch(new RegExp(`<img src="${src}" width="${width}" height="${height}" alt="" data-testid="site-logo"/>\\s*${registry.site.company.name}`));
  });
});
