/**
 * pb_hooks/lib/replies.js: the canned replies as the generator emitted them (pb_hooks/generated/mail.js),
 * filled for one application, and the checks a reply's text goes through. Evaluated as CommonJS in a
 * fresh V8 context, as in PocketBase's goja runtime.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

const HOOKS = fileURLToPath(new URL('../../../pb_hooks', import.meta.url));

/** A pb_hooks module as goja loads it: CommonJS, its own require()s of other hook modules loaded the same way. */
function loadHook(path: string): unknown {
  const module = { exports: {} as unknown };
  const require = (wanted: string) => loadHook(wanted);
  vm.runInNewContext(readFileSync(`${HOOKS}${path}`, 'utf8'), { module, exports: module.exports, require, __hooks: '' }, { filename: path });
  return module.exports;
}

interface Replies {
  fill(text: string, values: Record<string, string>): string;
  maskAddress(address: string): string;
  cannedReplies(values: Record<string, string>, staffLanguage: string, language: string): { id: string; title: string; body: string }[];
  checkReply(body: unknown): { text?: string; template?: string; refusal?: { code: string } };
}

const load = () => loadHook('/lib/replies.js') as Replies;

describe('replies to an applicant', () => {
  const replies = load();

  it('fill their arguments; an empty one takes the comma before it along', () => {
    expect(replies.fill('Hello {name},\n\nRef {reference}.', { name: 'Aziza Karimova', reference: 'CR-1' })).toBe('Hello Aziza Karimova,\n\nRef CR-1.');
    expect(replies.fill('Hello {name},', { name: '' })).toBe('Hello,');
    expect(replies.fill('Здравствуйте, {name}!', { name: '' })).toBe('Здравствуйте!');
    expect(replies.fill('Keep {unknown} as it is', {})).toBe('Keep {unknown} as it is');
    expect(replies.fill('{constructor}', {})).toBe('{constructor}');
  });

  it('show the address masked', () => {
    expect(replies.maskAddress('bobur@example.com')).toBe('b****@example.com');
    expect(replies.maskAddress('not an address')).toBe('');
  });

  it('offer every canned reply of site.json, titled in the staff language and filled in the applicant’s', () => {
    const canned = replies.cannedReplies({ name: 'Aziza', reference: 'CR-7K3M9QXA', service: 'Kredit' }, 'ru', 'uz');
    expect(canned.map((c) => c.id)).toEqual(['documents-missing', 'in-progress', 'completed']);
    expect(canned[0]?.title).toBe('Не хватает документов');
    expect(canned[0]?.body).toMatch(/^Assalomu alaykum, Aziza!\n\n«Kredit» xizmati uchun arizangiz \(raqami CR-7K3M9QXA\)/);
    // A language the site does not speak falls back to its default.
    expect(replies.cannedReplies({ name: '', reference: 'R', service: 'S' }, 'fr', 'fr')[1]).toMatchObject({ title: 'We are working on it', body: expect.stringMatching(/^Hello,\n\nWe are working on your application for S/) });
  });

  it('take a trimmed text of at most 5000 characters and only a known canned reply', () => {
    expect(replies.checkReply({ text: '  Hi\r\nthere  ' })).toEqual({ text: 'Hi\nthere', template: '' });
    expect(replies.checkReply({ text: ' ' }).refusal?.code).toBe('required');
    expect(replies.checkReply({}).refusal?.code).toBe('required');
    expect(replies.checkReply({ text: 'x'.repeat(5001) }).refusal?.code).toBe('max');
    expect(replies.checkReply({ text: 'Hi', template: 'constructor' }).refusal?.code).toBe('template');
    expect(replies.checkReply({ text: 'Hi', template: 'completed' })).toEqual({ text: 'Hi', template: 'completed' });
  });
});
