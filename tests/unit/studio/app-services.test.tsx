/**
 * The studio's Services page and its "New service" form: each service by its English title linking to
 * its editor, a "Duplicate <id>" button per row, and the values a new service needs checked (with the
 * patterns of service.meta.json) before the server is asked.
 */
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CatalogueProvider } from '../../../studio/app/catalogue/CatalogueContext.tsx';
import { emptyNewService, newServiceProblems, suggestedFor } from '../../../studio/app/services/newService.ts';
import { ServicesPage } from '../../../studio/app/services/ServicesPage.tsx';
import type { CatalogueResponse } from '../../../studio/server/api.ts';
import en from '../../../studio/i18n/en.json';
import ru from '../../../studio/i18n/ru.json';

const catalogue: CatalogueResponse = {
  services: [
    { id: 'contact', title: 'Contact us', collection: 'aloqacorpcontacts', route: '/contact', fields: 6 },
    { id: 'tax-return', title: 'Tax return', collection: 'taxreturns', route: '/tax-return', fields: 11 },
  ],
  sharedFields: [],
  templates: [{ id: 'blank', title: 'Blank' }],
};

const render = (locale: 'en' | 'ru' = 'en') =>
  renderToStaticMarkup(
    <MemoryRouter>
      <IntlProvider locale={locale} messages={locale === 'en' ? en : ru}>
        <MantineProvider>
          <CatalogueProvider initial={catalogue}>
            <ServicesPage />
          </CatalogueProvider>
        </MantineProvider>
      </IntlProvider>
    </MemoryRouter>,
  );

describe('the services page', () => {
  it('lists each service by its English title, linking to its editor, with a button to duplicate it', () => {
    const html = render();
    expect(html).toMatch(/<h1[^>]*>Services<\/h1>/);
    expect(html).toMatch(/<a[^>]*href="\/services\/contact"[^>]*>Contact us<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/services\/tax-return"[^>]*>Tax return<\/a>/);
    expect(html).toMatch(/<button[^>]*>.*Duplicate contact.*<\/button>/);
    expect(html).toMatch(/<button[^>]*>.*Duplicate tax-return.*<\/button>/);
    expect(html).toMatch(/<button[^>]*>.*New service.*<\/button>/);
    expect(html).toContain('2 services in schemas/services');
  });

  it('speaks the studio\'s language', () => {
    const html = render('ru');
    expect(html).toMatch(/<h1[^>]*>Услуги<\/h1>/);
    expect(html).toContain('Копировать contact');
    expect(html).toContain('2 услуги в schemas/services');
  });
});

describe('a new service\'s values', () => {
  it('follow the id until typed: the collection without dashes, /<id>, /<id>s, its initials', () => {
    expect(suggestedFor('tax-return')).toEqual({ collection: 'taxreturn', prefix: 'TR', route: '/tax-return', adminRoute: '/tax-returns' });
    expect(suggestedFor('visa')).toEqual({ collection: 'visa', prefix: 'VI', route: '/visa', adminRoute: '/visas' });
  });

  it('are each required and of the shape service.meta.json allows', () => {
    expect(newServiceProblems(emptyNewService(), []).map((p) => `${p.field} ${p.message}`)).toEqual(['id services.new.required', 'collection services.new.required', 'prefix services.new.required', 'route services.new.required', 'adminRoute services.new.required']);
    const bad = { template: 'blank', id: 'Tax', collection: 'tax-returns', prefix: 'T', route: 'tax', adminRoute: '/Tax' };
    expect(newServiceProblems(bad, []).map((p) => p.message)).toEqual(['services.new.pattern.id', 'services.new.pattern.collection', 'services.new.pattern.prefix', 'services.new.pattern.route', 'services.new.pattern.adminRoute']);
    const good = { template: 'blank', id: 'visa', ...suggestedFor('visa') };
    expect(newServiceProblems(good, catalogue.services)).toEqual([]);
  });

  it('may not take an id, collection or form address another service has', () => {
    const taken = { template: 'contact', id: 'contact', collection: 'aloqacorpcontacts', prefix: 'CO', route: '/contact', adminRoute: '/contact-copies' };
    expect(newServiceProblems(taken, catalogue.services)).toEqual([
      { field: 'id', message: 'services.new.taken', values: { value: 'contact' } },
      { field: 'collection', message: 'services.new.taken', values: { value: 'aloqacorpcontacts' } },
      { field: 'route', message: 'services.new.taken', values: { value: '/contact' } },
    ]);
  });
});
