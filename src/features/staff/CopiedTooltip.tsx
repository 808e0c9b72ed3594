/**
 * The "copied" tooltip of a staff card's copy button (FieldValue.tsx loads this module when the pointer
 * or focus first reaches such a button): Mantine's Tooltip, whose positioning (floating-ui, ~13 KB gzip)
 * the staff list would otherwise load before it can show a card.
 */
import { Tooltip } from '@mantine/core';
import type { RefObject } from 'react';

export interface CopiedTooltipProps {
  target: RefObject<HTMLButtonElement | null>;
  label: string;
  opened: boolean;
}

export default function CopiedTooltip({ target, label, opened }: CopiedTooltipProps) {
  return <Tooltip target={target} label={label} opened={opened} withArrow />;
}
