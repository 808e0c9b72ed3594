/**
 * The Save dialog's parts: what the choices for removed fields ask of the server (keep = retire, renamed
 * = x-renamed-from, delete = drop), which new fields a removed one may have been renamed to, the
 * data-loss warning of a deletion, and a file's diff as a region named by its path.
 */
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { ServiceDraft } from '../../../studio/model/document.ts';
import { claimedBy, planChoices } from '../../../studio/app/save/choices.ts';
import { DiffView } from '../../../studio/app/save/DiffView.tsx';
import { fieldNames, newFieldNames } from '../../../studio/app/save/fieldNames.ts';
import { RemovedFieldChoice } from '../../../studio/app/save/RemovedFieldChoice.tsx';
import en from '../../../studio/i18n/en.json';

const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <IntlProvider locale="en" messages={en}>
      <MantineProvider>{node}</MantineProvider>
    </IntlProvider>,
  );
/** What a screen reader reads: the markup without tags. */
const textOf = (html: string) => html.replace(/<style[\s\S]*?<\/style>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');

const draftWith = (schema: object) => ({ id: 'demo', files: { 'form.schema.json': schema } }) as unknown as ServiceDraft;

describe('the choices for removed fields', () => {
  it('retire by default, rename once the new field is picked, drop on delete', () => {
    expect(planChoices({})).toEqual({ renames: {}, drop: [] });
    expect(planChoices({ street: { kind: 'renamed', to: 'addressLine' }, fax: { kind: 'delete' }, phone: { kind: 'keep' }, zip: { kind: 'renamed', to: null } })).toEqual({ renames: { addressLine: 'street' }, drop: ['fax'] });
  });

  it('give a new field to one removed field at most', () => {
    const fates = { street: { kind: 'renamed', to: 'addressLine' } as const, city: { kind: 'keep' } as const };
    expect([...claimedBy(fates, 'city')]).toEqual(['addressLine']);
    expect([...claimedBy(fates, 'street')]).toEqual([]);
  });

  it('offer as new names the fields the draft has and the saved service had not, conditional ones included', () => {
    const saved = draftWith({ properties: { name: {}, street: {} } });
    const draft = draftWith({ properties: { name: {}, addressLine: {} }, allOf: [{ if: {}, then: { properties: { spouse: {} } } }] });
    expect(fieldNames(draft)).toEqual(['name', 'addressLine', 'spouse']);
    expect(newFieldNames(draft, saved)).toEqual(['addressLine', 'spouse']);
    expect(newFieldNames(draft, null)).toEqual(['name', 'addressLine', 'spouse']);
  });
});

describe('a removed field\'s choice', () => {
  const removed = { field: 'fax', column: 'contacts.fax', type: 'text', values: 12, records: 40 };

  it('asks what happens to its stored answers, keeping them by default', () => {
    const text = textOf(render(<RemovedFieldChoice removed={removed} fate={{ kind: 'keep' }} candidates={['phone']} onChange={() => {}} />));
    expect(text).toContain("What happens to fax's stored answers?");
    expect(text).toContain('Keep them (the field is retired)');
    expect(text).toContain('It was renamed to …');
    expect(text).toContain('Delete them (12 stored values)');
    expect(text).not.toContain('cannot be undone');
  });

  it('warns, as an alert, that deleting loses the values for good', () => {
    const html = render(<RemovedFieldChoice removed={removed} fate={{ kind: 'delete' }} candidates={[]} onChange={() => {}} />);
    expect(html).toContain('role="alert"');
    expect(textOf(html)).toContain('The column contacts.fax and its 12 stored values are deleted when the migration runs. This cannot be undone.');
  });

  it('asks for the new name of a renamed field among the new fields', () => {
    const text = textOf(render(<RemovedFieldChoice removed={{ ...removed, values: undefined }} fate={{ kind: 'renamed', to: null }} candidates={['phone', 'mobile']} onChange={() => {}} />));
    expect(text).toContain('New name of fax');
    expect(text).toContain('phone');
    expect(text).toContain('mobile');
    expect(text).toContain('Delete them (the stored values could not be counted');
  });
});

describe('a file\'s diff', () => {
  it('is a region named by the path, each line kept with its + or -', () => {
    const diff = '--- a/schemas/services/demo/i18n/ru.json\n+++ b/schemas/services/demo/i18n/ru.json\n@@ -2,3 +2,3 @@\n   "title": "Демо",\n-  "fields.name.label": "Имя",\n+  "fields.name.label": "Ваше имя",\n }\n';
    const html = render(<DiffView change={{ path: 'schemas/services/demo/i18n/ru.json', before: '', after: '', diff }} label="Changes to schemas/services/demo/i18n/ru.json" />);
    const heading = /<h3[^>]*id="([^"]+)"[^>]*>schemas\/services\/demo\/i18n\/ru.json<\/h3>/.exec(html);
    expect(heading).not.toBeNull();
    expect(html).toMatch(new RegExp(`<section[^>]*aria-labelledby="${heading![1]}"`));
    expect(html).toContain('>-  &quot;fields.name.label&quot;: &quot;Имя&quot;,<');
    expect(html).toContain('>+  &quot;fields.name.label&quot;: &quot;Ваше имя&quot;,<');
    expect(html).toMatch(/<pre[^>]*tabindex="0"/);
  });
});
