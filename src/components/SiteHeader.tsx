/**
 * The top of every page: the company's logo and name (home), the site's main links (schemas/site.json
 * "header") and the language tabs, so any page can be read in English, Uzbek or Russian.
 */
import { Anchor, Group, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from '../app/Link.tsx';
import { registry } from '../generated/registry.ts';
import { LanguageTabs } from './LanguageTabs.tsx';

const { logo } = registry.site.brand;

export function SiteHeader() {
  const intl = useIntl();
  return (
    <Stack component="header" gap="xs" mb="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        {/* The visible name starts the link's accessible name (WCAG 2.5.3, label in name), "Home" follows
            for screen readers: an aria-label of just "Home" would hide the name voice users say. */}
        <Anchor component={Link} to="/" fw={700} size="lg" underline="never" display="inline-flex" style={{ alignItems: 'center', gap: 'var(--mantine-spacing-xs)' }}>
          {/* Decorative beside the name (alt=""): the name is the link's text. Its size is given so the
              header does not move when it arrives. */}
          <img src={logo.src} width={logo.width} height={logo.height} alt="" data-testid="site-logo" />
          {registry.site.company.name}
          <span className="sr-only"> — {intl.formatMessage({ id: 'nav.home' })}</span>
        </Anchor>
        <Group component="nav" gap="md" aria-label={intl.formatMessage({ id: 'nav.main' })}>
          {registry.site.header.map((l) => (
            <Anchor key={l.to} component={Link} to={l.to} size="sm">
              {intl.formatMessage({ id: l.message })}
            </Anchor>
          ))}
        </Group>
      </Group>
      <LanguageTabs />
    </Stack>
  );
}
