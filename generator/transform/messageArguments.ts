/**
 * The arguments a message uses ({name}, {count, plural, …}, <b>…</b>), parsed as react-intl parses it in
 * the browser. A translation that drops or renames one shows a raw placeholder or a wrong value to the
 * applicant; one that does not parse fails only when the browser first formats it.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Locale } from '../../shared/registry.ts';

export type Parsed = { arguments: Set<string> } | { error: string };

export function messageArguments(text: string, locale: Locale): Parsed {
  let ast: MessageFormatElement[];
  try {
    ast = parse(text, { locale: new Intl.Locale(locale) });
  } catch (err) {
    return { error: (err as Error).message };
  }
  const names = new Set<string>();
  const visit = (elements: MessageFormatElement[]): void => {
    for (const e of elements) {
      if (e.type === TYPE.literal || e.type === TYPE.pound) continue;
      names.add(e.type === TYPE.tag ? `<${e.value}>` : e.value);
      if (e.type === TYPE.tag) visit(e.children);
      if (e.type === TYPE.select || e.type === TYPE.plural) for (const option of Object.values(e.options)) visit(option.value);
    }
  };
  visit(ast);
  return { arguments: names };
}
