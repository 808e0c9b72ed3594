/**
 * site.json `replies`: the canned answers staff may send an applicant from an application's page. Each
 * needs, in every language, `reply.<id>.title` (what staff pick) and `reply.<id>.body` (the e-mail's
 * text, a plain ICU message the server fills: pb_hooks/lib/replies.js), whose only arguments are the
 * ones the server has: {name}, {reference}, {service}.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Locale } from '../../shared/registry.ts';
import type { Problems } from '../errors.ts';

/** What the server fills a reply's body with (pb_hooks/lib/replies.js fill). */
export const REPLY_ARGUMENTS = ['name', 'reference', 'service'];

/** Arguments of a message, or null when it is not plain text with simple arguments (the server has no ICU). */
function plainArguments(text: string): string[] | null {
  let nodes: MessageFormatElement[];
  try {
    nodes = parse(text);
  } catch {
    return null;
  }
  if (!nodes.every((n) => n.type === TYPE.literal || n.type === TYPE.argument)) return null;
  return nodes.filter((n) => n.type === TYPE.argument).map((n) => (n as { value: string }).value);
}

export function checkReplies(replies: string[], languages: Locale[], messages: Record<Locale, Record<string, string>>, sitePath: string, problems: Problems): void {
  replies.forEach((id, i) => {
    for (const part of ['title', 'body']) {
      const key = `reply.${id}.${part}`;
      for (const l of languages) {
        const text = messages[l]?.[key];
        if (text === undefined) {
          problems.add(sitePath, `/replies/${i}`, `no ${l} text for message "${key}" (common/i18n)`);
          continue;
        }
        const args = plainArguments(text);
        if (args === null) problems.add(sitePath, `/replies/${i}`, `message "${key}" (${l}) must be plain text with simple {arguments}: the server fills it without ICU`);
        else if (part === 'title' && args.length > 0) problems.add(sitePath, `/replies/${i}`, `message "${key}" (${l}) names what staff pick: it takes no arguments`);
        else {
          const unknown = args.filter((a) => !REPLY_ARGUMENTS.includes(a));
          if (unknown.length > 0) problems.add(sitePath, `/replies/${i}`, `message "${key}" (${l}) uses {${unknown.join('}, {')}}: a reply may use only {${REPLY_ARGUMENTS.join('}, {')}}`);
        }
      }
    }
  });
}
