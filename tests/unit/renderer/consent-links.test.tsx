/**
 * The consent box's label links to the Terms and the Privacy Policy (issue 32): the shared `terms` field
 * says so (x-label-links), every form that asks it gets the linked label, each link is a page of the site
 * and opens in a new tab, in every language; the plain label stays for the review, errors and staff.
 */
import type { WidgetProps } from '@rjsf/utils';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { SiteProviders } from '../../../src/app/SiteProviders.tsx';
import { localizeForm } from '../../../src/engine/localizeForm.ts';
import type { Locale } from '../../../src/engine/types.ts';
import { registry } from '../../../src/generated/registry.ts';
import en from '../../../src/generated/messages/en.json';
import ru from '../../../src/generated/messages/ru.json';
import uz from '../../../src/generated/messages/uz.json';
import CheckboxWidget from '../../../src/theme/widgets/CheckboxWidget.tsx';

const catalogues: Record<Locale, Record<string, string>> = { en, uz, ru };
const pages = new Set(registry.pages.map((p) => p.route));
const withTerms = registry.services.flatMap((service) => service.forms.map((variant) => ({ service, variant, name: `${service.id}/${variant.id}` })));

describe.each(['en', 'uz', 'ru'] as const)('the consent box in %s', (locale) => {
  const catalogue = catalogues[locale];
  const has = (key: string) => key in catalogue;
  const t = (key: string) => catalogue[key] ?? `!${key}`;

  it('links the Terms and the Privacy Policy in its label on every form that asks for it, the plain label kept', async () => {
    let forms = 0;
    for (const { service, variant, name } of withTerms) {
      const form = await variant.load();
      const { schema, uiSchema } = localizeForm(form, service.messages, t, has, locale);
      if (!(schema.properties as Record<string, unknown>).terms) continue;
      forms++;
      const options = (uiSchema.terms as { 'ui:options'?: { labelLinks?: { message: string; links: Record<string, string> } } })['ui:options'];
      expect(options?.labelLinks?.links, name).toEqual({ terms: '/terms', privacy: '/privacy' });
      for (const route of Object.values(options!.labelLinks!.links)) expect(pages.has(route), route).toBe(true);
      expect((schema.properties as Record<string, { title: string }>).terms!.title).toBe(catalogue['fields.terms.label']);

      const html = renderToStaticMarkup(
        <SiteProviders>
          <IntlProvider locale={locale} messages={catalogue}>
            <CheckboxWidget {...({ id: 'root_terms', name: 'terms', label: 'plain', value: false, options, schema: {}, rawErrors: [], onChange: () => {}, onBlur: () => {}, onFocus: () => {} } as unknown as WidgetProps)} />
          </IntlProvider>
        </SiteProviders>,
      );
      const links = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
      expect(links).toEqual([
        ['/terms', catalogue['fields.terms.label.linked']!.match(/<terms>(.*?)<\/terms>/)![1]],
        ['/privacy', catalogue['fields.terms.label.linked']!.match(/<privacy>(.*?)<\/privacy>/)![1]],
      ]);
      expect(html).toContain('target="_blank"');
      expect(html).not.toContain('plain');
    }
    expect(forms).toBeGreaterThan(3);
  });
});
