/**
 * format.ts: a new file is laid out canonically; an existing hand-written file keeps every unchanged
 * subtree's text, so an edit's diff is only the lines it changed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVICE_FILES, type ServiceFile } from '../../../studio/model/document.ts';
import { moveField } from '../../../studio/model/fields.ts';
import { parseDraft, writeDraft, writeJson } from '../../../studio/model/format.ts';
import { setText } from '../../../studio/model/texts.ts';
import { setCondition } from '../../../studio/model/conditions.ts';

const SERVICES = join(import.meta.dirname, '../../../schemas/services');

function load(id: string): Record<ServiceFile, string> {
  return Object.fromEntries(SERVICE_FILES.map((f) => [f, readFileSync(join(SERVICES, id, f), 'utf8')])) as Record<ServiceFile, string>;
}

/** The lines that differ, for two texts with the same number of lines (a reorder or an in-place change). */
function changedLines(before: string, after: string): { line: number; before: string; after: string }[] {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length).toBe(a.length);
  return a.flatMap((l, i) => (l === b[i] ? [] : [{ line: i + 1, before: l, after: b[i]! }]));
}

describe('a new file', () => {
  it('is canonical: 2 spaces, a container on one line when it fits in 100 columns, final newline', () => {
    const value = {
      id: 'x',
      empty: {},
      none: [],
      short: ['a', 'b'],
      object: { a: 1, b: true, c: null },
      long: { text: 'Ўзбек ва русча матн: Подготовка налоговой декларации — it stays as written, not escaped', more: 'x' },
      list: [{ id: 'about', fields: ['fullName', 'email'] }],
    };
    expect(writeJson(value)).toBe(
      [
        '{',
        '  "id": "x",',
        '  "empty": {},',
        '  "none": [],',
        '  "short": ["a", "b"],',
        '  "object": { "a": 1, "b": true, "c": null },',
        '  "long": {',
        '    "text": "Ўзбек ва русча матн: Подготовка налоговой декларации — it stays as written, not escaped",',
        '    "more": "x"',
        '  },',
        '  "list": [{ "id": "about", "fields": ["fullName", "email"] }]',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('counts the key, the indent and the comma against the 100 columns', () => {
    // `  "a": { "k": "…" },` is exactly 100 columns: one line; one character more and it opens up.
    const k = (n: number) => ({ a: { k: 'x'.repeat(n) }, b: 1 });
    const room = 100 - '  "a": { "k": "" },'.length;
    expect(writeJson(k(room)).split('\n')[1]).toBe(`  "a": { "k": "${'x'.repeat(room)}" },`);
    expect(writeJson(k(room + 1)).split('\n')[1]).toBe('  "a": {');
  });

  it('parses back to the same value, key order included', () => {
    const value = { z: 1, a: [1, { y: 'é', b: [] }], m: { n: { o: 'deep' } } };
    const text = writeJson(value);
    expect(JSON.stringify(JSON.parse(text))).toBe(JSON.stringify(value));
  });
});

describe('an existing file', () => {
  const ids = readdirSync(SERVICES).filter((d) => statSync(join(SERVICES, d)).isDirectory());

  it.each(ids)('%s: written back unchanged, every file is byte-identical', (id) => {
    const texts = load(id);
    expect(writeDraft(parseDraft(id, texts), texts)).toEqual(texts);
  });

  it('changing one Russian text in a hand-written file changes exactly that line', () => {
    const texts = load('contact');
    const draft = parseDraft('contact', texts);
    const after = writeDraft(setText(draft, 'ru', 'fields.fname.label', 'Ваше имя'), texts);
    for (const f of SERVICE_FILES.filter((x) => x !== 'i18n/ru.json')) expect(after[f]).toBe(texts[f]);
    const changed = changedLines(texts['i18n/ru.json'], after['i18n/ru.json']);
    expect(changed).toHaveLength(1);
    expect(changed[0]!.after).toBe('  "fields.fname.label": "Ваше имя",');
  });

  it('swapping two fields changes only their lines (properties, ui:order, staff card)', () => {
    const texts = load('contact');
    const draft = parseDraft('contact', texts);
    const after = writeDraft(moveField(draft, 'phone', 'up'), texts);
    const schema = changedLines(texts['form.schema.json'], after['form.schema.json']);
    expect(schema.map((c) => c.after.trim().split('"')[1])).toEqual(['phone', 'email']);
    expect(schema.map((c) => c.before.trim().split('"')[1])).toEqual(['email', 'phone']);
    // ui:order is one line; the fields' own entries in form.ui.json stay where they are.
    const ui = changedLines(texts['form.ui.json'], after['form.ui.json']);
    expect(ui.map((c) => c.after)).toEqual(['  "ui:order": ["fname", "lname", "phone", "email", "message"],']);
    const card = changedLines(texts['admin.ui.json'], after['admin.ui.json']);
    expect(card.map((c) => c.after.trim())).toEqual(['{ "name": "phone", "display": "phone" },', '{ "name": "email", "display": "email" },']);
    for (const f of ['service.json', 'i18n/en.json', 'i18n/uz.json', 'i18n/ru.json'] as const) expect(after[f]).toBe(texts[f]);
  });

  it('a hand-written multi-line subtree that moves deeper keeps its text, re-indented', () => {
    const previous = [
      '{',
      '  "type": "object",',
      '  "properties": {',
      '    "kind": { "type": "string", "enum": ["a", "b"], "x-category": "D" },',
      '    "note": {',
      '      "description": "A yes/no question long enough that its branch cannot stand on one line",',
      '      "type": "boolean", "x-category": "D"',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n');
    const texts = { ...load('contact'), 'form.schema.json': previous };
    const moved = setCondition(parseDraft('contact', texts), 'note', { when: 'kind', equals: 'a' });
    const out = writeJson(moved.files['form.schema.json'], previous);
    expect(out).toContain(
      ['"note": {', '            "description": "A yes/no question long enough that its branch cannot stand on one line",', '            "type": "boolean", "x-category": "D"', '          }'].join('\n'),
    );
    expect(out).toContain('    "kind": { "type": "string", "enum": ["a", "b"], "x-category": "D" }\n');
    expect(JSON.parse(out)).toEqual(moved.files['form.schema.json']);
  });

  it('keeps a final newline missing or present as it was', () => {
    expect(writeJson({ a: 2 }, '{ "a": 1 }')).toBe('{ "a": 2 }');
    expect(writeJson({ a: 2 }, '{\n  "a": 1\n}\n')).toBe('{\n  "a": 2\n}\n');
  });
});
