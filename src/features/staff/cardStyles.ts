/**
 * The styles of a staff card's rows (FieldValue, GroupValue, FilesValue). A row's label, value and
 * their parts are plain elements styled as Mantine's Text (size sm) and Group (gap xs) would style
 * them: a page of cards has hundreds of rows, and each Mantine component is a few hooks (props,
 * theme, class names, styles) more to render on the staff list's first load.
 */
import type { CSSProperties } from 'react';

export const row = { display: 'grid', gridTemplateColumns: 'minmax(7rem, 38%) 1fr', gap: 'var(--mantine-spacing-xs)', alignItems: 'center' } as const;
/** A row whose value needs the card's whole width (a table): its label above it. */
export const wideRow = { display: 'grid', gap: 4 } as const;
// --text-fz and --text-lh as Text sets them: a Mantine Text inside (an Anchor) takes its size from them.
export const small = {
  '--text-fz': 'var(--mantine-font-size-sm)',
  '--text-lh': 'var(--mantine-line-height-sm)',
  fontSize: 'var(--text-fz)',
  lineHeight: 'var(--text-lh)',
  margin: 0,
  padding: 0,
} as CSSProperties;
export const term: CSSProperties = { ...small, fontWeight: 600 };
export const ddRow: CSSProperties = { ...small, display: 'grid', gridTemplateColumns: '1fr auto', gap: 'var(--mantine-spacing-xs)', alignItems: 'center' };
export const dimmed: CSSProperties = { ...small, color: 'var(--mantine-color-dimmed)' };
export const group = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 'var(--mantine-spacing-xs)' } as const;
