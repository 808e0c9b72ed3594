/**
 * studio/model templates against the real generator: a blank service the editor has given one field and
 * its texts, and a duplicate of an existing service, both written by format.ts into a copy of schemas/,
 * pass every check of `npm run generate`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatProblem } from '../../../generator/errors.ts';
import { SERVICE_FILES, type ServiceDraft, type ServiceFile } from '../../../studio/model/document.ts';
import { addField } from '../../../studio/model/fields.ts';
import { setCategory, setRequired } from '../../../studio/model/constraints.ts';
import { parseDraft, writeDraft } from '../../../studio/model/format.ts';
import { setText } from '../../../studio/model/texts.ts';
import { duplicateService, newService } from '../../../studio/model/templates.ts';
import { copySchemas, generateCopy, type SchemasCopy } from '../../support/schemas-copy.ts';

function write(copy: SchemasCopy, draft: ServiceDraft): void {
  for (const [file, text] of Object.entries(writeDraft(draft))) {
    const path = join(copy.schemasDir, 'services', draft.id, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
}

function blankWithOneField(): ServiceDraft {
  let d = newService({ id: 'petition', collection: 'petitions', prefix: 'PT', route: '/petition', adminRoute: '/petitions', title: 'Sign the petition' });
  d = addField(d, { name: 'signature', kind: 'text', label: 'Your name as you sign' });
  d = setCategory(setRequired(d, 'signature', true), 'signature', 'A');
  const texts: ['uz' | 'ru', string, string][] = [
    ['uz', 'title', 'Petitsiyani imzolang'], ['uz', 'fields.signature.label', 'Imzodagi ismingiz'], ['uz', 'admin.title', 'Petitsiyalar'],
    ['ru', 'title', 'Подпишите петицию'], ['ru', 'fields.signature.label', 'Ваше имя для подписи'], ['ru', 'admin.title', 'Петиции'],
  ];
  d = setText(d, 'en', 'admin.title', 'Petitions');
  for (const [l, k, v] of texts) d = setText(d, l, k, v);
  return d;
}

describe('new and duplicated services pass the generator', () => {
  let problems: string[] = [];
  let services: string[] = [];
  beforeAll(async () => {
    const copy = copySchemas();
    write(copy, blankWithOneField());
    const contactDir = join(copy.schemasDir, 'services', 'contact');
    const contact = parseDraft('contact', Object.fromEntries(SERVICE_FILES.map((f) => [f, readFileSync(join(contactDir, f), 'utf8')])) as Record<ServiceFile, string>);
    write(copy, duplicateService(contact, { id: 'contact-two', collection: 'contacts_two', prefix: 'CTT', route: '/contact-two', adminRoute: '/contacts-two' }));
    const r = await generateCopy(copy);
    problems = r.problems.map(formatProblem);
    services = r.result?.model.services.map((s) => s.id) ?? [];
  }, 180_000);

  it('has no problem', () => {
    expect(problems).toEqual([]);
    expect(services).toEqual(expect.arrayContaining(['petition', 'contact-two']));
  });

  it('a blank service starts with the files a careful editor would write', () => {
    const d = newService({ id: 'x', collection: 'xs', prefix: 'XX', route: '/x', adminRoute: '/xs' });
    expect(d.files['service.json']).toEqual({
      $schema: '../../meta/service.meta.json', id: 'x', collection: 'xs', reference: { prefix: 'XX' },
      forms: [{ id: 'main', route: '/x', success: { show: 'instead', blocks: [{ type: 'heading', message: 'received' }] } }],
      admin: { route: '/xs', order: 'newest' }, trash: { topic: 'x' },
    });
    expect(() => newService({ id: 'X', collection: 'xs', prefix: 'XX', route: '/x', adminRoute: '/xs' })).toThrow(/service id/);
  });
});
