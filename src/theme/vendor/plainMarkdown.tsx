/**
 * Stands in for markdown-to-jsx (vite.config.ts aliases `markdown-to-jsx/react` here). RJSF core
 * imports it for descriptions and help with `enableMarkdownIn…`, which the ui meta-schema refuses
 * (schemas/meta/ui.meta.json), and for a few developer-facing messages. Our texts are plain, so they
 * are shown as text; the real parser would add ~25 KB gzip to every form.
 */
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <span>{children}</span>;
}

export default Markdown;
