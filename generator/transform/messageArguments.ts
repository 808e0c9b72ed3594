/**
 * The arguments a message uses ({name}, {count, plural, …}, <b>…</b>), parsed as react-intl parses it in
 * the browser. A translation that drops or renames one shows a raw placeholder or a wrong value to the
 * applicant; one that does not parse fails only when the browser first formats it.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Locale } from '../../shared/registry.ts';

export type Parsed = { arguments: Set<string> } | { error: string };

/** The ICU parser's error codes, as a sentence an editor can act on. */
const ICU_ERRORS: Record<string, string> = {
  MALFORMED_ARGUMENT: 'an argument is not closed or its name has a space or a character names may not have; write {name}',
  EXPECT_ARGUMENT_CLOSING_BRACE: 'a { is not closed: a } is missing',
  EMPTY_ARGUMENT: 'an argument is empty: write its name inside the braces, {name}',
  EXPECT_ARGUMENT_TYPE: 'after the comma an argument needs its kind: number, date, time, plural or select',
  INVALID_ARGUMENT_TYPE: 'an argument of an unknown kind: it may be number, date, time, plural, selectordinal or select',
  EXPECT_ARGUMENT_STYLE: 'after the second comma an argument needs its style',
  INVALID_NUMBER_SKELETON: 'a number format that ICU does not know',
  INVALID_DATE_TIME_SKELETON: 'a date format that ICU does not know',
  EXPECT_NUMBER_SKELETON: 'a number format is missing after ::',
  EXPECT_DATE_TIME_SKELETON: 'a date format is missing after ::',
  UNCLOSED_QUOTE_IN_ARGUMENT_STYLE: "a quote (') in an argument's style is not closed",
  EXPECT_SELECT_ARGUMENT_OPTIONS: 'a select needs its options: {x, select, a {…} other {…}}',
  EXPECT_PLURAL_ARGUMENT_OFFSET_VALUE: 'offset: needs a number',
  INVALID_PLURAL_ARGUMENT_OFFSET_VALUE: 'offset: needs a whole number',
  EXPECT_SELECT_ARGUMENT_SELECTOR: 'a select option is missing its name',
  EXPECT_PLURAL_ARGUMENT_SELECTOR: 'a plural option is missing its name (zero, one, two, few, many, other or =N)',
  EXPECT_SELECT_ARGUMENT_SELECTOR_FRAGMENT: 'a select option needs its text in braces: name {text}',
  EXPECT_PLURAL_ARGUMENT_SELECTOR_FRAGMENT: 'a plural option needs its text in braces: one {text}',
  INVALID_PLURAL_ARGUMENT_SELECTOR: 'a plural option that this language does not have (it may use zero, one, two, few, many, other or =N)',
  DUPLICATE_PLURAL_ARGUMENT_SELECTOR: 'a plural option is given twice',
  DUPLICATE_SELECT_ARGUMENT_SELECTOR: 'a select option is given twice',
  MISSING_OTHER_CLAUSE: 'a plural or select needs an "other {…}" option',
  INVALID_TAG: 'a tag is not written <b>…</b>',
  INVALID_TAG_NAME: 'a tag name may have only letters, digits, - and _',
  UNMATCHED_CLOSING_TAG: 'a closing tag has no opening tag',
  UNCLOSED_TAG: 'a tag is opened and not closed (<b>…</b>)',
};

/** A parse error in words, quoting the text from where it starts. */
function icuError(err: Error & { location?: { start: { offset: number } } }, text: string): string {
  const said = ICU_ERRORS[err.message] ?? err.message;
  const start = err.location?.start.offset;
  if (start === undefined) return said;
  const from = text.slice(start, start + 30);
  return `${said}, at "${from}${text.length > start + 30 ? '…' : ''}" (character ${start + 1})`;
}

export function messageArguments(text: string, locale: Locale): Parsed {
  let ast: MessageFormatElement[];
  try {
    ast = parse(text, { locale: new Intl.Locale(locale) });
  } catch (err) {
    return { error: icuError(err as Error, text) };
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
