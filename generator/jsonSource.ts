/**
 * A JSON file parsed so that every problem can name its line and column: the syntax tree of
 * jsonc-parser (VS Code's own JSON parser, so its positions are the ones the editor shows) maps each
 * JSON pointer to where it is written. Comments and trailing commas are refused (the files are JSON,
 * and other tools read them), and so is a key written twice in one object, which JSON.parse would
 * silently settle by keeping the last.
 */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

export interface Position {
  /** 1-based, as editors count. */
  line: number;
  column: number;
}

export interface JsonIssue {
  pointer: string;
  offset: number;
  message: string;
}

export interface ParsedJson {
  /** The value, or undefined when the text is not valid JSON (see syntax). */
  data: unknown;
  /** The first syntax error, in words: the later ones mostly follow from it. */
  syntax?: JsonIssue;
  duplicates: JsonIssue[];
  /** Where a pointer's value is written (an object member: its key); else its nearest written ancestor. */
  locate(pointer: string): Position;
  at(offset: number): Position;
}

/** Line and column of every offset, from where each line starts. */
export function positionsOf(text: string): (offset: number) => Position {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 };
  };
}

/** The tokens of a JSON pointer ("/a~1b/0" → ["a/b", "0"]); our own pointers write keys unescaped too. */
export const pointerTokens = (pointer: string): string[] =>
  pointer === '' ? [] : pointer.replace(/^\//, '').split('/').map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));

const SHOWN = 24;

/** A syntax error said as an editor would say it, at the place to fix. */
function describeSyntax(text: string, error: ParseError | undefined): { offset: number; message: string } {
  if (!error || text.trim() === '') return { offset: 0, message: 'the file is empty: it needs a JSON value, at least {}' };
  const code = printParseErrorCode(error.error);
  const before = text.slice(0, error.offset).trimEnd();
  const next = text[error.offset];
  const found = JSON.stringify(text.slice(error.offset, error.offset + Math.max(error.length, 1)).slice(0, SHOWN));
  if ((code === 'PropertyNameExpected' || code === 'ValueExpected') && before.endsWith(',') && (next === '}' || next === ']')) {
    return { offset: before.length - 1, message: `a comma after the last entry: remove it (JSON allows no comma before ${next})` };
  }
  switch (code) {
    case 'PropertyNameExpected':
      return { offset: error.offset, message: `expected a key in double quotes here, found ${found}` };
    case 'ValueExpected':
      return { offset: error.offset, message: `expected a value here (a text in double quotes, a number, true, false, null, [ … ] or { … }), found ${found}` };
    case 'ColonExpected':
      return { offset: error.offset, message: `expected a colon (:) between the key and its value, found ${found}` };
    case 'CommaExpected':
      return { offset: error.offset, message: `a comma is missing before ${found}` };
    case 'CloseBraceExpected':
      return { offset: error.offset, message: 'an object is not closed: a } is missing' };
    case 'CloseBracketExpected':
      return { offset: error.offset, message: 'a list is not closed: a ] is missing' };
    case 'EndOfFileExpected':
      return { offset: error.offset, message: `more text after the end of the JSON value (one } or ] too many?), found ${found}` };
    case 'InvalidCommentToken':
    case 'UnexpectedEndOfComment':
      return { offset: error.offset, message: 'JSON has no comments: remove it (a field may say what it is for in its "description")' };
    case 'UnexpectedEndOfString':
      return { offset: error.offset, message: 'a text is not closed: its closing double quote is missing (a line break inside a text is written \\n)' };
    case 'InvalidEscapeCharacter':
      return { offset: error.offset, message: 'an unknown escape after a backslash (a backslash itself is written \\\\)' };
    case 'InvalidNumberFormat':
    case 'UnexpectedEndOfNumber':
      return { offset: error.offset, message: `not a number as JSON writes one: ${found}` };
    case 'InvalidSymbol':
      return { offset: error.offset, message: `unexpected ${found}: is a double quote missing? (every key and every text is written "like this")` };
    default:
      return { offset: error.offset, message: `a character JSON does not allow here: ${found} (a tab or line break inside a text is written \\t or \\n)` };
  }
}

/** Every key written twice in one object, at its second writing. */
function duplicateKeys(root: Node): JsonIssue[] {
  const found: JsonIssue[] = [];
  const visit = (node: Node, pointer: string) => {
    if (node.type === 'object') {
      const seen = new Set<string>();
      for (const member of node.children ?? []) {
        const [key, value] = member.children ?? [];
        if (!key) continue;
        const name = String(key.value);
        if (seen.has(name)) found.push({ pointer: `${pointer}/${name}`, offset: key.offset, message: `"${name}" is written twice in this object: only the last would count; keep one` });
        seen.add(name);
        if (value) visit(value, `${pointer}/${name}`);
      }
    } else if (node.type === 'array') (node.children ?? []).forEach((child, i) => visit(child, `${pointer}/${i}`));
  };
  visit(root, '');
  return found;
}

/** The node a pointer names, or its nearest ancestor that is written; an object member's key. */
function nodeAt(root: Node | undefined, pointer: string): Node | undefined {
  let node = root;
  let shown = root;
  for (const token of pointerTokens(pointer)) {
    if (!node) break;
    if (node.type === 'object') {
      // The last writing of a key is the one that counts.
      const member = (node.children ?? []).filter((m) => m.children?.[0]?.value === token).at(-1);
      if (!member) break;
      shown = member.children?.[0];
      node = member.children?.[1];
    } else if (node.type === 'array') {
      const child = node.children?.[Number(token)];
      if (!/^\d+$/.test(token) || !child) break;
      shown = child;
      node = child;
    } else break;
  }
  return shown;
}

export function parseJson(text: string): ParsedJson {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const at = positionsOf(text);
  const locate = (pointer: string) => at(nodeAt(root, pointer)?.offset ?? 0);
  const first = errors[0];
  if (first || !root) {
    const { offset, message } = describeSyntax(text, first);
    return { data: undefined, syntax: { pointer: '', offset, message }, duplicates: [], locate, at };
  }
  return { data: JSON.parse(text) as unknown, duplicates: duplicateKeys(root), locate, at };
}
