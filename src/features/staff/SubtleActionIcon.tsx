/**
 * Mantine's `<ActionIcon variant="subtle" size="sm">` written out, for the copy button of every field on
 * a staff card: a page of cards has a few hundred of them, and the component resolves its props, theme,
 * class names and CSS variables on every render. The markup is the component's own for the site's
 * theme, which tests/unit/renderer/subtle-action-icon.test.tsx holds against the version installed.
 */
import type { ComponentPropsWithRef, CSSProperties } from 'react';
import { theme } from '../../app/theme.ts';

const CLASS = 'mantine-focus-auto mantine-active m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root';
const ICON_CLASS = 'm_8d3afb97 mantine-ActionIcon-icon';
const STYLE = {
  '--ai-size': 'var(--ai-size-sm)',
  '--ai-bg': 'transparent',
  '--ai-hover': `var(--mantine-color-${theme.primaryColor}-light-hover)`,
  '--ai-color': `var(--mantine-color-${theme.primaryColor}-light-color)`,
  '--ai-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
} as CSSProperties;

/** A button with an icon (`children`); give it an `aria-label`. */
export function SubtleActionIcon({ children, ...props }: Omit<ComponentPropsWithRef<'button'>, 'style' | 'className' | 'type'>) {
  return (
    <button style={STYLE} className={CLASS} data-variant="subtle" data-size="sm" type="button" {...props}>
      <span className={ICON_CLASS}>{children}</span>
    </button>
  );
}
