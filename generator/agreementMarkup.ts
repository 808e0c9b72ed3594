/**
 * An agreement's markdown (agreements/<document>.<locale>.md, filled in) rendered here, at generate time,
 * with marked: as HTML for the e-mailed copy, and as blocks for the PDF that PocketBase's JS hooks lay out
 * (pb_hooks/lib/agreementPdf.js), so no markdown parser runs on the server. A contract uses a small part of
 * markdown on purpose ("## " subheadings, paragraphs, "- " lists, **bold**): anything else (raw HTML, links,
 * tables, images, code) is a schema error, so every copy reads as the applicant read it in the form.
 */
import { Marked, type Token, type Tokens } from 'marked';

/** A run of text in one weight. */
export interface Run {
  t: string;
  b?: true;
}

/** What the PDF lays out: a subheading, a paragraph (its line breaks kept) or a bulleted list. */
export type Block = { k: 'h'; runs: Run[] } | { k: 'p'; runs: Run[] } | { k: 'ul'; items: Run[][] };

export interface Markup {
  html: string;
  blocks: Block[];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// No autolinks or GFM tables: a contract's text is its words. A single newline is a line break, as the
// form shows it (white-space: pre-line). The document's own title is the e-mail's <h2>, so the body's "## "
// subheadings are <h3>.
const marked = new Marked({
  gfm: false,
  renderer: {
    text(token) {
      if ('tokens' in token && token.tokens) return this.parser.parseInline(token.tokens);
      return ('escaped' in token && token.escaped ? token.text : escapeHtml(token.text)).replace(/\n/g, '<br>\n');
    },
    heading({ tokens, depth }) {
      const level = Math.min(depth + 1, 6);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
  },
});

const INLINE = new Set(['text', 'strong', 'em', 'escape', 'br', 'codespan']);

function runs(tokens: Token[] | undefined, bold: boolean, problem: (what: string) => void): Run[] {
  const out: Run[] = [];
  for (const t of tokens ?? []) {
    if (!INLINE.has(t.type)) {
      problem(t.type);
      continue;
    }
    if (t.type === 'strong') out.push(...runs((t as Tokens.Strong).tokens, true, problem));
    else if (t.type === 'br') out.push(bold ? { t: '\n', b: true } : { t: '\n' });
    else if ('tokens' in t && t.tokens && t.tokens.length > 0) out.push(...runs(t.tokens, bold, problem));
    else {
      const text = t.type === 'codespan' ? (t as Tokens.Codespan).text : 'text' in t ? String(t.text) : '';
      out.push(bold ? { t: text, b: true } : { t: text });
    }
  }
  // One run per change of weight: fewer calls into the PDF library.
  return out.reduce<Run[]>((joined, r) => {
    const last = joined[joined.length - 1];
    if (last && !!last.b === !!r.b) last.t += r.t;
    else joined.push({ ...r });
    return joined;
  }, []);
}

/** The HTML and the blocks of a document's body; `problem` gets each markdown construct a contract may not use. */
export function agreementMarkup(body: string, problem: (message: string) => void): Markup {
  const tokens = marked.lexer(body);
  const unsupported = (what: string) => problem(`uses markdown ${what}: an agreement may use "## " subheadings, paragraphs, "- " lists and **bold** only`);
  const blocks: Block[] = [];
  for (const t of tokens) {
    if (t.type === 'space') continue;
    if (t.type === 'heading') blocks.push({ k: 'h', runs: runs((t as Tokens.Heading).tokens, false, unsupported) });
    else if (t.type === 'paragraph') blocks.push({ k: 'p', runs: runs((t as Tokens.Paragraph).tokens, false, unsupported) });
    else if (t.type === 'list' && !(t as Tokens.List).ordered) {
      blocks.push({
        k: 'ul',
        items: (t as Tokens.List).items.map((item) =>
          item.tokens.flatMap((inner) => (inner.type === 'text' ? runs((inner as Tokens.Text).tokens, false, unsupported) : (unsupported(inner.type), []))),
        ),
      });
    } else unsupported(t.type === 'list' ? 'numbered lists' : t.type);
  }
  return { html: marked.parser(tokens), blocks };
}
