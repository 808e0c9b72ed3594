/**
 * The bottom of every page (spec §2): a footer card with the site's links (schemas/site.json
 * "footer") and the company's postal address, and a contact bar with the phone as a tel: link and the
 * e-mail as a mailto: link.
 */
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from '../app/Link.tsx';
import { mailtoHref, mapsHref, telHref } from '../engine/links.ts';
import { registry } from '../generated/registry.ts';

export function SiteFooter() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { name, address, phone, email } = registry.site.company;
  return (
    <Stack component="footer" gap="sm" mt="xl" aria-label={t('footer.label')}>
      <Card withBorder padding="md">
        <Stack gap="xs">
          <Group gap="md" wrap="wrap" component="nav" aria-label={t('footer.label')}>
            {registry.site.footer.map((l) => (
              <Anchor key={l.to} component={Link} to={l.to} size="sm">
                {t(l.message)}
              </Anchor>
            ))}
          </Group>
          <Text size="sm" component="address" style={{ fontStyle: 'normal' }}>
            <Text span fw={600} size="sm">
              {name}
            </Text>
            {' · '}
            <Anchor href={mapsHref(address)} target="_blank" rel="noopener noreferrer" size="sm" aria-label={`${t('footer.address')}: ${address}`}>
              {address}
            </Anchor>
          </Text>
        </Stack>
      </Card>
      <Group gap="md" wrap="wrap" data-testid="contact-bar">
        <Text fw={600} size="sm">
          {t('footer.contactUs')}
        </Text>
        <Anchor href={telHref(phone)} size="sm">
          {phone}
        </Anchor>
        <Anchor href={mailtoHref(email)} size="sm">
          {email}
        </Anchor>
      </Group>
    </Stack>
  );
}
