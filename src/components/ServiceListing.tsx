/**
 * The "services" block: every form whose service.json lists it (registry.listing, in its order), each
 * with its title as a link to the form, its price in the reader's language and its one line.
 */
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from '../app/Link.tsx';
import { companyValues } from '../engine/company.ts';
import { listingPriceText } from '../engine/price.ts';
import { registry } from '../generated/registry.ts';

const company = companyValues(registry.site.company);

export function ServiceListing() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, { ...company, ...values });
  return (
    // A plain list of items: Mantine's List.Item wraps its content in a <span>, where a title line and a
    // paragraph may not go.
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="service-listing">
      {registry.listing.map((entry) => {
        const price = listingPriceText(entry, intl.locale, t);
        return (
          <Stack component="li" gap={0} key={entry.route} data-service={entry.service} data-form={entry.form}>
            <Group gap="xs" wrap="wrap">
              <Anchor component={Link} to={entry.route} fw={600}>
                {t(entry.title)}
              </Anchor>
              {price !== undefined && (
                <Text span fw={600} data-testid="service-price">
                  {price}
                </Text>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {t(entry.summary)}
            </Text>
          </Stack>
        );
      })}
    </Stack>
  );
}
