/**
 * site.json `replies` (generator/model/replies.ts): each canned reply needs its title and body in every
 * language, as plain messages the server can fill (it has no ICU), using only the arguments it fills.
 */
import { describe, expect, it } from 'vitest';
import { Problems } from '../../../generator/errors.ts';
import { checkReplies } from '../../../generator/model/replies.ts';

const texts = (title: string, body: string) => ({ 'reply.late.title': title, 'reply.late.body': body });

function problemsOf(messages: Record<'en' | 'uz' | 'ru', Record<string, string>>): string[] {
  const problems = new Problems();
  checkReplies(['late'], ['en', 'uz', 'ru'], messages, 'schemas/site.json', problems);
  return problems.list.map((p) => `${p.pointer}: ${p.message}`);
}

describe('canned replies', () => {
  const good = texts('Late', 'Hello {name}, {reference} of {service} is late.');

  it('pass with a title and a fillable body in each language', () => {
    expect(problemsOf({ en: good, uz: good, ru: good })).toEqual([]);
  });

  it('are refused without a text, with arguments the server does not fill, or with ICU it cannot render', () => {
    expect(problemsOf({ en: good, uz: { 'reply.late.title': 'Kech' }, ru: texts('Поздно', 'Здравствуйте, {amount}!') })).toEqual([
      '/replies/0: no uz text for message "reply.late.body" (common/i18n)',
      '/replies/0: message "reply.late.body" (ru) uses {amount}: a reply may use only {name}, {reference}, {service}',
    ]);
    expect(problemsOf({ en: texts('Late {name}', good['reply.late.body']), uz: good, ru: texts('Поздно', '{n, plural, one {#} other {#}}') })).toEqual([
      '/replies/0: message "reply.late.title" (en) names what staff pick: it takes no arguments',
      '/replies/0: message "reply.late.body" (ru) must be plain text with simple {arguments}: the server fills it without ICU',
    ]);
  });
});
