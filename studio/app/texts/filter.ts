/**
 * Which rows of the texts table are shown: those with something to do when "Only what's missing" is on
 * (a missing text in any language, or an Uzbek or Russian one still equal to the English), and those
 * whose key or text holds what is typed in "Find a text" (case and accents as typed, in any language).
 */
import type { TextRow } from '../../model/texts.ts';

export const TEXT_LOCALES = ['en', 'uz', 'ru'] as const;

/** Whether a row needs a translator: a text missing, or not translated from English. */
export const needsWork = (row: TextRow) => TEXT_LOCALES.some((locale) => row.status[locale] !== 'ok');

export function visibleRows(rows: readonly TextRow[], { onlyMissing, find }: { onlyMissing: boolean; find: string }): TextRow[] {
  const needle = find.trim().toLocaleLowerCase();
  return rows.filter((row) => {
    if (onlyMissing && !needsWork(row)) return false;
    if (!needle) return true;
    return row.key.toLocaleLowerCase().includes(needle) || TEXT_LOCALES.some((locale) => (row.values[locale] ?? '').toLocaleLowerCase().includes(needle));
  });
}
