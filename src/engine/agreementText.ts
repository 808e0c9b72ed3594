/**
 * An agreement's text (agreements/<doc>.<locale>.md, filled in by the generator) as blocks to render:
 * paragraphs separated by a blank line, "## " subheadings, "- " list items, **bold** spans. Nothing
 * else is markup, so a contract reads exactly as written and as hashed.
 */
export type Span = { text: string; bold: boolean };
export type TextBlock = { kind: 'heading'; spans: Span[] } | { kind: 'paragraph'; spans: Span[] } | { kind: 'list'; items: Span[][] };

export function spans(text: string): Span[] {
  return text
    .split(/(\*\*[^*]+\*\*)/)
    .filter(Boolean)
    .map((part) => (part.startsWith('**') && part.endsWith('**') && part.length > 4 ? { text: part.slice(2, -2), bold: true } : { text: part, bold: false }));
}

export function textBlocks(body: string): TextBlock[] {
  return body
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk): TextBlock => {
      if (chunk.startsWith('## ')) return { kind: 'heading', spans: spans(chunk.slice(3).trim()) };
      const lines = chunk.split('\n');
      if (lines.every((l) => l.trimStart().startsWith('- '))) return { kind: 'list', items: lines.map((l) => spans(l.trimStart().slice(2))) };
      return { kind: 'paragraph', spans: spans(lines.join('\n')) };
    });
}
