/**
 * The Texts tab on a real service (schemas/services/contact): every text in three columns, each cell an
 * input named "<key> (English|Uzbek|Russian)", a missing text and an untranslated one marked in words,
 * and the filters "Only what's missing" and "Find a text".
 */
import { MantineProvider } from '@mantine/core';
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { DraftProvider } from '../../../studio/app/draft/DraftContext.tsx';
import { needsWork, visibleRows } from '../../../studio/app/texts/filter.ts';
import { TextsTab } from '../../../studio/app/texts/TextsTab.tsx';
import { SERVICE_FILES, type ServiceDraft } from '../../../studio/model/document.ts';
import { setText, textTable } from '../../../studio/model/texts.ts';
import en from '../../../studio/i18n/en.json';

const load = (id: string): ServiceDraft => ({ id, files: Object.fromEntries(SERVICE_FILES.map((file) => [file, JSON.parse(readFileSync(`schemas/services/${id}/${file}`, 'utf8'))])) as ServiceDraft['files'] });

const render = (draft: ServiceDraft) =>
  renderToStaticMarkup(
    <IntlProvider locale="en" messages={en}>
      <MantineProvider>
        <DraftProvider draft={draft} saved={draft} problems={[]} check={() => new Promise(() => {})}>
          <TextsTab />
        </DraftProvider>
      </MantineProvider>
    </IntlProvider>,
  );

describe('the texts tab', () => {
  const contact = load('contact');

  it('shows every text of the service with an input per language, named by key and language', () => {
    const html = render(contact);
    expect(html).toContain('<caption');
    expect(html).toContain('Texts of contact');
    for (const heading of ['Key', 'English', 'Oʻzbekcha', 'Русский']) expect(html).toMatch(new RegExp(`<th[^>]*>${heading}</th>`));
    const rows = textTable(contact);
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      for (const language of ['English', 'Uzbek', 'Russian']) expect(html).toContain(`aria-label="${row.key} (${language})"`);
    }
    expect(html).toContain(`${rows.length} of ${rows.length} texts`);
    expect(html).not.toContain('>Missing<');
  });

  it('marks a missing text and an untranslated one in words', () => {
    const key = textTable(contact)[0]!.key;
    const english = textTable(contact)[0]!.values.en!;
    const edited = setText(setText(contact, 'uz', key, null), 'ru', key, english);
    const html = render(edited);
    expect(html).toMatch(/>Missing</);
    expect(html).toMatch(/>Same as English</);
    // The marks are descriptions of their inputs, so a screen reader hears them with the cell.
    const describedBy = new RegExp(`aria-label="${key} \\(Uzbek\\)"[^>]*aria-describedby="([^"]+)"|aria-describedby="([^"]+)"[^>]*aria-label="${key} \\(Uzbek\\)"`).exec(html);
    expect(describedBy).not.toBeNull();
    const id = (describedBy![1] ?? describedBy![2])!.split(' ')[0]!;
    expect(html).toMatch(new RegExp(`id="${id}"[^>]*>Missing<`));
  });

  it('filters to what is missing or untranslated, and to the texts holding what is found', () => {
    const rows = textTable(contact);
    const [first, second] = rows;
    const edited = textTable(setText(setText(contact, 'uz', first!.key, null), 'ru', second!.key, second!.values.en));
    expect(visibleRows(edited, { onlyMissing: true, find: '' }).map((r) => r.key)).toEqual([first!.key, second!.key]);
    expect(edited.filter(needsWork)).toHaveLength(2);
    // Find: in the key or in any language's text, whatever the case.
    const russian = rows.find((r) => r.values.ru)!;
    expect(visibleRows(rows, { onlyMissing: false, find: russian.values.ru!.toUpperCase() }).map((r) => r.key)).toContain(russian.key);
    expect(visibleRows(rows, { onlyMissing: false, find: `  ${first!.key}  ` }).map((r) => r.key)).toContain(first!.key);
    expect(visibleRows(rows, { onlyMissing: false, find: 'no text holds this' })).toEqual([]);
  });
});
