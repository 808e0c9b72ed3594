/**
 * The preview panel (studio/app/preview/) and what its iframe renders (studio/preview/), with the real
 * payload buildPreview makes from the schemas: the controls' accessible names, in the studio's language;
 * the form page, the staff card and the e-mails as the site's own components render them, in the
 * preview's language. Rendered to HTML (no DOM in the unit suite); the iframe's messaging and the time
 * an edit takes to show are the e2e's and the bench's (scripts/bench/studio-preview.mts).
 */
import { MantineProvider } from '@mantine/core';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider, createIntl } from 'react-intl';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyse, type Analysis } from '../../../generator/pipeline.ts';
import { loadForm } from '../../../src/app/loaded.ts';
import { GivenLocaleProvider } from '../../../src/app/locale.tsx';
import { SiteProviders } from '../../../src/app/SiteProviders.tsx';
import type { FormVariant } from '../../../src/engine/types.ts';
import { DraftProvider } from '../../../studio/app/draft/DraftContext.tsx';
import { PreviewPanel } from '../../../studio/app/preview/PreviewPanel.tsx';
import { previewWords } from '../../../studio/app/preview/previewWords.ts';
import en from '../../../studio/i18n/en.json';
import ru from '../../../studio/i18n/ru.json';
import { SERVICE_FILES, type ServiceDraft } from '../../../studio/model/document.ts';
import { CardView } from '../../../studio/preview/CardView.tsx';
import { FormView } from '../../../studio/preview/FormView.tsx';
import { MailsView } from '../../../studio/preview/MailsView.tsx';
import type { PreviewPayload } from '../../../studio/preview/payload.ts';
import type { PreparedPreview } from '../../../studio/preview/previewEntry.ts';
import { buildPreview } from '../../../studio/server/preview.ts';
import { copySchemas } from '../../support/schemas-copy.ts';

const load = (id: string): ServiceDraft => ({ id, files: Object.fromEntries(SERVICE_FILES.map((file) => [file, JSON.parse(readFileSync(`schemas/services/${id}/${file}`, 'utf8'))])) as ServiceDraft['files'] });

const panel = (messages: Record<string, string>, locale: string) =>
  renderToStaticMarkup(
    <IntlProvider locale={locale} messages={messages}>
      <MantineProvider>
        <DraftProvider draft={load('contact')} saved={null} problems={[]} check={() => new Promise(() => {})}>
          <PreviewPanel fetcher={() => new Promise(() => {})} />
        </DraftProvider>
      </MantineProvider>
    </IntlProvider>,
  );

/** The label of each radio group the panel names by `aria-labelledby`. */
function groups(html: string): Record<string, string[]> {
  const labels = Object.fromEntries([...html.matchAll(/<p[^>]*id="([^"]+)"[^>]*>([^<]+)<\/p>/g)].map((m) => [m[1], m[2]]));
  return Object.fromEntries(
    [...html.matchAll(/role="radiogroup"[^>]*aria-labelledby="([^"]+)"|aria-labelledby="([^"]+)"[^>]*role="radiogroup"/g)].map((m) => {
      const id = m[1] ?? m[2]!;
      const rest = html.slice(m.index).split('role="radiogroup"')[1] ?? '';
      const options = [...rest.split('</fieldset>')[0]!.matchAll(/<label[^>]*>(?:<span[^>]*>)?(?:<span[^>]*>)?([^<]+)</g)].map((o) => o[1]!);
      return [labels[id] ?? id, options];
    }),
  );
}

describe('the preview panel', () => {
  it('is a region "Preview" with the Language, Width and Show controls and the iframe of preview.html', () => {
    const html = panel(en, 'en');
    expect(html).toMatch(/<section[^>]*aria-label="Preview"/);
    const named = groups(html);
    expect(Object.keys(named)).toEqual(['Language', 'Width', 'Show']);
    expect(named.Language).toEqual(expect.arrayContaining(['English', 'Oʻzbekcha', 'Русский']));
    expect(named.Width).toEqual(expect.arrayContaining(['Phone', 'Desktop']));
    expect(named.Show).toEqual(expect.arrayContaining(['Form', 'Staff card', 'E-mails']));
    expect(html).toMatch(/<iframe[^>]*src="\/preview.html"[^>]*title="Preview"[^>]*data-width="desktop"[^>]*style="width:1280px/);
    expect(html).toContain('Preparing the preview…');
  });

  it('speaks the studio’s language', () => {
    const html = panel(ru, 'ru');
    expect(html).toMatch(/<section[^>]*aria-label="Предпросмотр"/);
    expect(Object.keys(groups(html))).toEqual(['Язык', 'Ширина', 'Показать']);
    // The languages keep their own names whatever the studio's language.
    expect(groups(html)['Язык']).toEqual(expect.arrayContaining(['English', 'Oʻzbekcha', 'Русский']));
  });

  it('gives the iframe its words with the places it fills in kept', () => {
    const words = previewWords(createIntl({ locale: 'en', messages: en }));
    expect(words.mailFrame).toBe('E-mail: {subject}');
    expect(words.failed).toBe('The preview could not be shown: {error}');
    expect(words.toApplicant).toBe('To the applicant');
  });
});

describe('the preview iframe’s views, on the payload buildPreview makes', () => {
  let analysis: Analysis;
  beforeAll(async () => {
    const copy = copySchemas({ fixtures: ['taxreturn'] });
    analysis = await analyse({ root: copy.root, schemasDir: copy.schemasDir, migrationsDir: copy.migrationsDir });
  });

  /** As studio/preview/previewEntry.ts prepares it, with the validators imported from a file (node has no Blob URL import). */
  async function prepare(payload: PreviewPayload): Promise<PreparedPreview> {
    const forms = await Promise.all(
      payload.service.forms.map(async ({ module, validators, path: _path, sample: _sample, ...entry }) => {
        const file = join(mkdtempSync(join(tmpdir(), 'preview-view-')), 'validators.mjs');
        writeFileSync(file, validators);
        const imported = ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { default: ValidatorFunctions }).default;
        const variant: FormVariant = { ...entry, load: () => Promise.resolve({ ...module, validators: imported }) };
        await loadForm(variant);
        return variant;
      }),
    );
    return { payload, service: { ...payload.service, forms } };
  }

  const inFrame = (payload: PreviewPayload, children: ReactNode) =>
    renderToStaticMarkup(
      <SiteProviders>
        <GivenLocaleProvider locale={payload.locale} messages={payload.messages}>
          {children}
        </GivenLocaleProvider>
      </SiteProviders>,
    );

  it('renders the tax-return form in Russian with the site’s form page, on its first step, filled from the examples', async () => {
    const prepared = await prepare(buildPreview(analysis, 'taxreturn', 'ru'));
    const html = inFrame(prepared.payload, <FormView prepared={prepared} seq={1} />);
    expect(html).toMatch(/<h1[^>]*>Подготовка налоговой декларации<\/h1>/);
    expect(html).toContain('value="1988-04-12"');
    expect(html).toContain('data-testid="form-submit"');
  });

  it('renders the staff card with the sample record, labels and options in the language', async () => {
    const prepared = await prepare(buildPreview(analysis, 'taxreturn', 'ru'));
    const html = inFrame(prepared.payload, <CardView prepared={prepared} />);
    expect(html).toContain('data-testid="record-card"');
    expect(html).toContain('Статус подачи');
    expect(html).toContain('Не в браке');
    expect(html).toContain('Malika Karimova');
    expect(html).toContain('TX-7K3M9Q');
  });

  it('renders the e-mails: subject, the HTML body in a sandboxed frame, the plain text', () => {
    const payload = buildPreview(analysis, 'contact', 'uz');
    const words = previewWords(createIntl({ locale: 'en', messages: en }));
    const html = inFrame(payload, <MailsView mails={payload.mails} words={words} />);
    const applicant = payload.mails.find((m) => m.to === 'applicant')!;
    expect(html).toContain('To the applicant · when an application is sent');
    expect(html).toMatch(/<iframe sandbox="" srcDoc="[^"]+" title="E-mail: [^"]+"/i);
    expect(html).toContain(applicant.subject.replace(/'/g, '&#x27;'));
    expect(html.match(/data-testid="preview-mail"/g)).toHaveLength(payload.mails.length);
  });
});
