/**
 * What the Fields and Steps tab tests share: the tax-return fixture as a draft, the shared definitions as
 * the studio server lists them, and a server-side render of a tab inside the providers the editor gives it.
 */
import { DragDropContext } from '@hello-pangea/dnd';
import { MantineProvider } from '@mantine/core';
import { readFileSync } from 'node:fs';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { CatalogueProvider } from '../../../studio/app/catalogue/CatalogueContext.tsx';
import { DraftProvider } from '../../../studio/app/draft/DraftContext.tsx';
import en from '../../../studio/i18n/en.json';
import { SERVICE_FILES, type ServiceDraft } from '../../../studio/model/document.ts';
import type { Problem } from '../../../studio/server/api.ts';

export const loadDraft = (id: string, dir = `schemas/services/${id}`): ServiceDraft => ({
  id,
  files: Object.fromEntries(SERVICE_FILES.map((file) => [file, JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'))])) as ServiceDraft['files'],
});

export const taxreturn = () => loadDraft('taxreturn', 'tests/fixtures/services/taxreturn');

const definitions: Record<string, unknown> = JSON.parse(readFileSync('schemas/common/fields.json', 'utf8')).definitions;
export const sharedFields = Object.entries(definitions).map(([name, schema]) => ({ name, kind: 'text', schema }));

export const problem = (file: string, pointer: string, message: string): Problem => ({ file, pointer, message, line: 3, column: 5, text: `schemas/services/taxreturn/${file}:3:5: ${message}` });

export function render(node: ReactNode, draft: ServiceDraft, options: { saved?: ServiceDraft | null; problems?: Problem[]; /** false for a tab, which has its own */ dnd?: boolean } = {}) {
  return renderToStaticMarkup(
    <IntlProvider locale="en" messages={en}>
      <MantineProvider>
        <CatalogueProvider initial={{ services: [], sharedFields, templates: [] }}>
          <DraftProvider draft={draft} saved={options.saved === undefined ? draft : options.saved} problems={options.problems ?? []} check={() => new Promise(() => {})}>
            {options.dnd === false ? node : <DragDropContext onDragEnd={() => {}}>{node}</DragDropContext>}
          </DraftProvider>
        </CatalogueProvider>
      </MantineProvider>
    </IntlProvider>,
  );
}

/** The opening tag of the element with this accessible name given by aria-label (or null). */
export const tagLabelled = (html: string, label: string): string | null => new RegExp(`<[^>]*aria-label="${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`).exec(html)?.[0] ?? null;

/** The input a visible <label> names: its opening tag, found by the label's for= id. */
export function inputLabelled(html: string, label: string): string | null {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const id = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${escaped}(?:<span[^>]*>[^<]*</span>)?</label>`).exec(html)?.[1];
  if (!id) return null;
  return new RegExp(`<(?:input|select|textarea)[^>]*id="${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`).exec(html)?.[0] ?? null;
}

/** The option a native select shows as chosen (the selected option's value). */
export function selectedIn(html: string, label: string): string | null {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const id = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${escaped}</label>`).exec(html)?.[1];
  const select = id ? new RegExp(`<select[^>]*id="${id}"[^>]*>([\\s\\S]*?)</select>`).exec(html) : new RegExp(`<select[^>]*aria-label="${escaped}"[^>]*>([\\s\\S]*?)</select>`).exec(html);
  return select ? (/<option[^>]*value="([^"]*)"[^>]*selected=""/.exec(select[1]!)?.[1] ?? null) : null;
}
