/**
 * src/features/staff/SubtleActionIcon.tsx stands in for Mantine's subtle small ActionIcon on staff cards:
 * it must render the markup the component renders under the site's providers, for the installed version
 * of Mantine and the site's theme (a Mantine upgrade that changes it fails here).
 */
import { ActionIcon } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SiteProviders } from '../../../src/app/SiteProviders.tsx';
import { CheckIcon, CopyIcon } from '../../../src/components/icons.tsx';
import { SubtleActionIcon } from '../../../src/features/staff/SubtleActionIcon.tsx';

const render = (node: React.ReactNode) => renderToStaticMarkup(<SiteProviders>{node}</SiteProviders>);

describe('SubtleActionIcon', () => {
  it.each([
    ['copy', <CopyIcon key="copy" />],
    ['copied', <CheckIcon key="check" />],
  ])('renders as Mantine’s <ActionIcon variant="subtle" size="sm"> (%s icon)', (_, icon) => {
    const mantine = render(
      <ActionIcon variant="subtle" size="sm" aria-label="Copy e-mail">
        {icon}
      </ActionIcon>,
    );
    expect(mantine).toContain('mantine-ActionIcon-root');
    expect(render(<SubtleActionIcon aria-label="Copy e-mail">{icon}</SubtleActionIcon>)).toBe(mantine);
  });

  it('passes on its handlers and ref', () => {
    const ref = { current: null };
    const element = SubtleActionIcon({ 'aria-label': 'Copy', ref, onClick: () => undefined, children: null });
    expect(element.props).toMatchObject({ type: 'button', 'aria-label': 'Copy', ref });
    expect(typeof element.props.onClick).toBe('function');
  });
});
