/**
 * Writes the studio's JSON files. A new file gets the canonical layout: 2-space indent, a container on
 * one line when it fits in 100 columns (`{ "a": 1 }`, `["a", "b"]`), final newline. An existing file
 * keeps the text of every subtree that did not change, byte for byte, so a diff shows only what the
 * editor changed: one changed Russian label is one changed line, two swapped fields are their lines.
 */
import { getNodeValue, parseTree, type Node } from 'jsonc-parser';
import { SERVICE_FILES, sameJson, type Json, type ServiceDraft, type ServiceFile } from './document.ts';

const WIDTH = 100;
const UNIT = '  ';

/** One line: `{ "a": 1, "b": [1, 2] }`; empty containers `{}` / `[]`. */
function compact(value: Json): string {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.map(compact).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) return '{}';
    return `{ ${keys.map((k) => `${JSON.stringify(k)}: ${compact(value[k] as Json)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

interface Context {
  text: string;
  unit: string;
  /** The previous text's multi-line containers by value, to keep a subtree's layout when it moved elsewhere. */
  moved: Map<string, Node>;
}

function multiLineContainers(node: Node, text: string, into: Map<string, Node>): Map<string, Node> {
  if ((node.type === 'object' || node.type === 'array') && text.slice(node.offset, node.offset + node.length).includes('\n')) {
    const key = JSON.stringify(getNodeValue(node));
    if (!into.has(key)) into.set(key, node);
  }
  for (const c of node.children ?? []) multiLineContainers(c, text, into);
  return into;
}

function isContainer(value: Json): value is Json[] | { [k: string]: Json } {
  return value !== null && typeof value === 'object';
}

function sameKind(value: Json, node: Node | undefined): node is Node {
  if (!node) return false;
  if (Array.isArray(value)) return node.type === 'array';
  return isContainer(value) && node.type === 'object';
}

/** The indentation of the line `offset` is on. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? '';
}

/** The old text of a subtree, moved to `indent` when it now sits deeper or shallower (JSON strings hold no raw newline). */
function keep(node: Node, indent: string, ctx: Context): string {
  const slice = ctx.text.slice(node.offset, node.offset + node.length);
  const was = lineIndent(ctx.text, node.offset);
  if (was === indent || !slice.includes('\n')) return slice;
  return slice
    .split('\n')
    .map((line, i) => (i > 0 && line.startsWith(was) ? indent + line.slice(was.length) : line))
    .join('\n');
}

function children(value: Json[] | { [k: string]: Json }, node: Node | undefined): { key: string | null; value: Json; node: Node | undefined }[] {
  if (Array.isArray(value)) {
    const old = node?.type === 'array' ? (node.children ?? []) : [];
    const used = new Set<number>();
    // An unchanged element is found wherever it moved to; a changed one is laid out against its old self at the same index.
    const matched = value.map((v) => {
      const i = old.findIndex((n, j) => !used.has(j) && sameJson(v, getNodeValue(n)));
      if (i !== -1) used.add(i);
      return i;
    });
    return value.map((v, i) => {
      let at = matched[i] ?? -1;
      if (at === -1 && i < old.length && !used.has(i)) at = i;
      return { key: null, value: v, node: at === -1 ? undefined : old[at] };
    });
  }
  const props = node?.type === 'object' ? (node.children ?? []) : [];
  return Object.keys(value).map((k) => {
    const prop = props.find((p) => p.children?.[0]?.value === k);
    return { key: k, value: value[k] as Json, node: prop?.children?.[1] };
  });
}

/**
 * Lays out `value` at `indent`; `reserved` is what follows it on its line and what precedes it besides
 * the indent (its key, a comma). `node` is the same place in the previous text, if any.
 */
function layout(value: Json, node: Node | undefined, indent: string, reserved: number, ctx: Context | null): string {
  if (ctx && node && sameJson(value, getNodeValue(node))) return keep(node, indent, ctx);
  const one = compact(value);
  if (!isContainer(value)) return one;
  const from = ctx && !node ? ctx.moved.get(JSON.stringify(value)) : undefined;
  if (ctx && from) return keep(from, indent, ctx);
  const entries = Object.keys(value).length;
  const wasExpanded = ctx !== null && sameKind(value, node) && ctx.text.slice(node.offset, node.offset + node.length).includes('\n');
  // A container the old text spread over lines stays spread (re-joining it would rewrite all its lines).
  if (entries === 0 || (!wasExpanded && indent.length + reserved + one.length <= WIDTH)) return one;
  const unit = ctx?.unit ?? UNIT;
  const inner = indent + unit;
  const items = children(value, sameKind(value, node) ? node : undefined);
  const lines = items.map((c, i) => {
    const keyPart = c.key === null ? '' : `${JSON.stringify(c.key)}: `;
    const comma = i === items.length - 1 ? 0 : 1;
    return keyPart + layout(c.value, c.node, inner, keyPart.length + comma, ctx);
  });
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return `${open}\n${inner}${lines.join(`,\n${inner}`)}\n${indent}${close}`;
}

function detectUnit(text: string): string {
  const m = /\n([ \t]+)\S/.exec(text);
  return m?.[1] ?? UNIT;
}

/**
 * The text of a JSON file holding `value`. With `previousText` (the file as it is on disk), every
 * unchanged subtree keeps its old text and the text around the root (final newline) stays as it was;
 * without it, the canonical layout.
 */
export function writeJson(value: Json, previousText?: string): string {
  const root = previousText === undefined ? undefined : parseTree(previousText);
  if (previousText === undefined || !root) return `${layout(value, undefined, '', 0, null)}\n`;
  const ctx: Context = { text: previousText, unit: detectUnit(previousText), moved: multiLineContainers(root, previousText, new Map()) };
  const before = previousText.slice(0, root.offset);
  const after = previousText.slice(root.offset + root.length);
  return before + layout(value, root, '', 0, ctx) + (after === '' ? '' : after);
}

/** Every file of a draft as text, each laid out against its previous text when given. */
export function writeDraft(draft: ServiceDraft, previousTexts: Partial<Record<ServiceFile, string>> = {}): Record<ServiceFile, string> {
  const out = {} as Record<ServiceFile, string>;
  for (const f of SERVICE_FILES) out[f] = writeJson(draft.files[f] as Json, previousTexts[f]);
  return out;
}

/** A draft from the files' texts (JSON.parse keeps their key order). */
export function parseDraft(id: string, texts: Record<ServiceFile, string>): ServiceDraft {
  const files = {} as ServiceDraft['files'];
  for (const f of SERVICE_FILES) files[f] = JSON.parse(texts[f]) as Json;
  return { id, files };
}
