/**
 * The pieces of the agreement documents (issue 32, contract C4) that run without a server: the markdown
 * rendered at generate time (generator/agreementMarkup.ts), the base64 that jsPDF's host object gives it in
 * goja (generator/emit/jspdf/host.ts), and the strict rule under which a typed name is printed on the
 * applicant's copy (pb_hooks/lib/signedName.js, loaded as goja loads it: CommonJS, no require).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { agreementMarkup } from '../../../generator/agreementMarkup.ts';
import { atob, btoa } from '../../../generator/emit/jspdf/host.ts';

const NAME_PATH = fileURLToPath(new URL('../../../pb_hooks/lib/signedName.js', import.meta.url));
function printableName(): (typed: string) => string {
  const module = { exports: {} as { printableName: (typed: string) => string } };
  vm.runInNewContext(readFileSync(NAME_PATH, 'utf8'), { module, exports: module.exports, require: undefined }, { filename: NAME_PATH });
  return module.exports.printableName;
}

describe('agreement markdown, rendered at generate time', () => {
  it('renders subheadings, paragraphs, lists and bold as HTML and as the PDF blocks, escaping the text', () => {
    const problems: string[] = [];
    const { html, blocks } = agreementMarkup('## 1. Fees\n\nSmith & Co’s fee: **$300.00** > 0\nnext line\n\n- one\n- **two** parts', (p) => problems.push(p));
    expect(problems).toEqual([]);
    expect(html).toContain('<h3>1. Fees</h3>');
    expect(html).toContain('Smith &#38; Co’s fee: <strong>$300.00</strong> &#62; 0');
    expect(html).toContain('<br>\nnext line');
    expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li><strong>two<\/strong> parts<\/li>\s*<\/ul>/);
    expect(html).not.toMatch(/\*\*|##/);
    expect(blocks[0]).toEqual({ k: 'h', runs: [{ t: '1. Fees' }] });
    expect(blocks[1]).toEqual({ k: 'p', runs: [{ t: 'Smith & Co’s fee: ' }, { t: '$300.00', b: true }, { t: ' > 0\nnext line' }] });
    expect(blocks[2]).toEqual({ k: 'ul', items: [[{ t: 'one' }], [{ t: 'two', b: true }, { t: ' parts' }]] });
  });

  it('refuses what a contract may not use: raw HTML, links, numbered lists, tables, code', () => {
    for (const text of ['<b>x</b>', 'see [here](https://example.com)', '1. first\n2. second', '```\ncode\n```', '> quoted']) {
      const problems: string[] = [];
      agreementMarkup(text, (p) => problems.push(p));
      expect(problems.length, text).toBeGreaterThan(0);
      expect(problems[0]).toContain('may use "## " subheadings, paragraphs, "- " lists and **bold** only');
    }
  });
});

describe('base64 for jsPDF in goja', () => {
  it('matches the platform’s base64 for every length and every byte', () => {
    for (const length of [0, 1, 2, 3, 4, 5, 255, 256, 1000]) {
      const binary = Array.from({ length }, (_, i) => String.fromCharCode((i * 37 + length) % 256)).join('');
      const expected = Buffer.from(binary, 'latin1').toString('base64');
      expect(btoa(binary)).toBe(expected);
      expect(atob(expected)).toBe(binary);
      expect(atob(expected.replace(/=+$/, ''))).toBe(binary);
    }
  });
});

describe('a typed name on the applicant’s copy', () => {
  const name = printableName();
  it('prints a name of Latin or Cyrillic letters, Uzbek ʻ and apostrophes, hyphens, dots and commas', () => {
    for (const ok of ['Aziza Karimova', 'Oʻral Gʻulomov', 'Сергей Иванов-Петров', 'Mary O’Neil', "D'Angelo, Jr.", 'Ёжиков  Ёж'])
      expect(name(ok), ok).toBe(ok.replace(/\s+/g, ' '));
  });
  it('prints nothing that could carry a message: links, digits, other signs, more than 80 characters', () => {
    for (const bad of ['visit evil.example', 'http://x', 'Call 555 0100', 'Aziza <b>', 'Aziza!', '— dash first', 'a'.repeat(81), '', '   '])
      expect(name(bad), bad).toBe('');
  });
});
