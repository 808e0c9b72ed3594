/**
 * The top of every page: the company's name (home), the site's main links (schemas/site.json
 * "header") and the language tabs, so any page can be read in English, Uzbek or Russian.
 */
import { Anchor, Group, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { registry } from '../generated/registry.ts';
import { LanguageTabs } from './LanguageTabs.tsx';

export function SiteHeader() {
  const intl = useIntl();
  return (
    <Stack component="header" gap="xs" mb="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Anchor component={Link} to="/" fw={700} size="lg" underline="never" aria-label={intl.formatMessage({ id: 'nav.home' })}>
          {registry.site.company.name}
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
