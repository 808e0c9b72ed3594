/**
 * Golden output: everything the generator emits for the fixture service (tests/fixtures/services/petition)
 * is pinned in __snapshots__/petition/. A change to an emitter shows up here as a reviewable diff.
 */
import { describe, expect, it } from 'vitest';
import { generate } from '../../../generator/pipeline.ts';
import { copySchemas } from '../../support/schemas-copy.ts';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { messagePartOf } from '../../../shared/messageParts.ts';
import type { CompiledMessages } from '../../../shared/registry.ts';

describe('emitted files for a fixture service', async () => {
  const copy = copySchemas({ fixtures: ['petition'], withoutServices: true });
  const { files, migrations } = await generate({ root: copy.root, schemasDir: copy.schemasDir, migrationsDir: copy.migrationsDir, now: 1_800_000_000 });

  it('emits the registry, form module and its types, server table, validators, catalogues and the contract for each side', () => {
    expect([...files.keys()].filter((f) => !f.includes('/messages/parts/')).sort()).toEqual([
      'pb_hooks/generated/agreementMarkup.js',
      'pb_hooks/generated/contract.js',
      'pb_hooks/generated/mail.js',
      'pb_hooks/generated/pdf.js',
      'pb_hooks/generated/services.js',
      'pb_hooks/generated/staffTexts.js',
      'pb_hooks/generated/validators.js',
      'src/generated/contract.ts',
      'src/generated/forms/petition.main.ts',
      'src/generated/forms/petition.main.types.ts',
      'src/generated/forms/petition.main.validate.ts',
      'src/generated/messages/en.json',
      'src/generated/messages/ru.json',
      'src/generated/messages/uz.json',
      'src/generated/registry.ts',
      'src/generated/retired.json',
      'stories/generated/services.stories.tsx',
    ]);
  });

  it('splits each catalogue into the parts the browser loads, precompiled, which add up to the whole', () => {
    for (const lang of ['en', 'uz', 'ru'] as const) {
      const whole = JSON.parse(files.get(`src/generated/messages/${lang}.json`) as string) as Record<string, string>;
      const prefix = `src/generated/messages/parts/${lang}/`;
      const parts = [...files.keys()].filter((f) => f.startsWith(prefix)).map((f) => f.slice(prefix.length));
      expect(parts).toContain('core.json');
      expect(parts).toContain('staff.json');
      const merged: CompiledMessages = {};
      for (const part of parts) {
        const messages = JSON.parse(files.get(prefix + part) as string) as CompiledMessages;
        for (const key of Object.keys(messages)) expect(messagePartOf(key) + '.json', key).toBe(part);
        Object.assign(merged, messages);
      }
      // Each message is the AST react-intl would parse from the text at run time (vite.config.ts leaves its parser out).
      expect(merged).toEqual(Object.fromEntries(Object.entries(whole).map(([key, text]) => [key, parse(text, { locale: new Intl.Locale(lang) })])));
    }
  });

  it('formats each precompiled message as react-intl formats its text', () => {
    const whole = JSON.parse(files.get('src/generated/messages/ru.json') as string) as Record<string, string>;
    const compiled = Object.assign(
      {},
      ...[...files].filter(([f]) => f.startsWith('src/generated/messages/parts/ru/')).map(([, text]) => JSON.parse(text) as CompiledMessages),
    ) as CompiledMessages;
    const fromText = createIntl({ locale: 'ru', messages: whole, onError: (e) => expect.unreachable(e.message) });
    const fromAst = createIntl({ locale: 'ru', messages: compiled, onError: (e) => expect.unreachable(e.message) });
    for (const [id, ast] of Object.entries(compiled)) {
      for (const n of [0, 1, 3, 21, 1250.5]) {
        const values = valuesFor(ast, n);
        expect(fromAst.formatMessage({ id }, values), id).toBe(fromText.formatMessage({ id }, values));
      }
    }
  });

  it.each([
    'src/generated/registry.ts',
    'src/generated/forms/petition.main.ts',
    'src/generated/forms/petition.main.types.ts',
    'pb_hooks/generated/services.js',
    'stories/generated/services.stories.tsx',
  ])('%s matches the golden file', async (path) => {
    await expect(files.get(path)).toMatchFileSnapshot(`__snapshots__/petition/${path.split('/').pop()}.snap`);
  });

  it('emits one "created" migration per collection, matching the golden files', async () => {
    expect(migrations.map((m) => m.file)).toEqual([
      '1800000000_created_staff.js',
      '1800000001_created_helpuztrash.js',
      '1800000002_created_outbox.js',
      '1800000003_created_auditlog.js',
      '1800000004_created_statushistory.js',
      '1800000005_created_staffnotes.js',
      '1800000006_created_signatures.js',
      '1800000007_created_agreementtexts.js',
      '1800000008_created_webhookevents.js',
      '1800000009_created_drafts.js',
      '1800000010_created_petitions.js',
    ]);
    await expect(migrations.find((m) => m.file.endsWith('_created_petitions.js'))?.content).toMatchFileSnapshot(
      '__snapshots__/petition/created_petitions.js.snap',
    );
  });

  it('compiles validators that enforce the form on the server', async () => {
    const { createRequire } = await import('node:module');
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'formwork-validators-')), 'validators.cjs');
    writeFileSync(file, files.get('pb_hooks/generated/validators.js') as string);
    const validators = createRequire(import.meta.url)(file) as Record<string, ((d: unknown) => boolean) & { errors?: { keyword: string }[] }>;
    const validate = validators['petition/main'];
    expect(validate?.({ fullName: 'A', email: 'a@example.com', topic: 'parks', terms: true })).toBe(true);
    expect(validate?.({ fullName: 'A', email: 'a@example.com', topic: 'roads' })).toBe(false);
    expect(validate?.errors?.map((e) => e.keyword)).toEqual(['required']);
  });

  it("compiles the browser validators as a self-contained module, its default export keyed by the form schema's $id", async () => {
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { pathToFileURL } = await import('node:url');
    const source = files.get('src/generated/forms/petition.main.validate.ts') as string;
    // Nothing to resolve in the browser: no import, and run as an ES module below, where any `require`
    // call (AJV's runtime helpers) would throw.
    expect(source).not.toMatch(/^\s*import\b/m);
    const file = join(mkdtempSync(join(tmpdir(), 'formwork-browser-validators-')), 'validate.mjs');
    writeFileSync(file, source);
    // The default export: a condition's sub-schemas are keyed by hashes, which are no ES export names.
    const module = (await import(pathToFileURL(file).href)) as { default: Record<string, ((d: unknown) => boolean) & { errors?: { keyword: string }[] }> };
    const validators = module.default;
    expect(Object.keys(validators)).toEqual(['form_petition_main']);
    const validate = validators.form_petition_main;
    expect(validate?.({ fullName: 'A', email: 'a@example.com', topic: 'parks', terms: true })).toBe(true);
    expect(validate?.({ fullName: 'A', email: 'not an e-mail', topic: 'no such topic' })).toBe(false);
    expect(validate?.errors?.map((e) => e.keyword).sort()).toEqual(['enum', 'format', 'required']);
  });
});

/** A value for each argument of a message: the number n where a number is formatted or chosen by, else a text. */
type Value = string | number | ((chunks: string[]) => string);

function valuesFor(ast: MessageFormatElement[], n: number, values: Record<string, Value> = {}): Record<string, Value> {
  for (const el of ast) {
    if (el.type === TYPE.plural || el.type === TYPE.number) values[el.value] = n;
    else if (el.type === TYPE.select) values[el.value] = 'other';
    else if (el.type === TYPE.argument) values[el.value] ??= `«${el.value}»`;
    // A rich-text tag (a link in a label, like <terms>…</terms>): its chunks wrapped, so both sides show the tag's place.
    else if (el.type === TYPE.tag) {
      const tag = el.value;
      values[tag] = (chunks) => `<${tag}>${chunks.join('')}</${tag}>`;
      valuesFor(el.children, n, values);
    }
    if ('options' in el) for (const o of Object.values(el.options)) valuesFor(o.value, n, values);
  }
  return values;
}

describe('emitted files for the pages', async () => {
  const copy = copySchemas();
  const { files } = await generate({ root: copy.root, schemasDir: copy.schemasDir, migrationsDir: copy.migrationsDir, now: 1_800_000_000 });
  const registry = files.get('src/generated/registry.ts') as string;
  const pageIds = [...registry.matchAll(/import\('\.\/pages\/([\w-]+)\.ts'\)/g)].map((m) => m[1]);

  it('gives each page a module of its own, which the registry loads, and no content in the registry', () => {
    const modules = [...files.keys()].filter((f) => f.startsWith('src/generated/pages/')).sort();
    expect(modules.length).toBeGreaterThan(5);
    expect(modules).toEqual(pageIds.map((id) => `src/generated/pages/${id}.ts`).sort());
    const pages = registry.slice(registry.indexOf('  pages: ['));
    expect(pages).not.toContain('blocks');
  });

  it("puts a page's blocks, with their keys namespaced, in its module", () => {
    const success = files.get('src/generated/pages/success.ts') as string;
    const json = success.slice(success.indexOf('= ') + 2, success.lastIndexOf(';\n\nexport default'));
    const { blocks } = JSON.parse(json) as { blocks: { type: string; sections?: { title: string }[] }[] };
    expect(blocks.map((b) => b.type)).toEqual(['reference', 'payment', 'accordion']);
    expect(blocks[2]?.sections?.[0]?.title).toBe('page.success.heading');
  });
});
