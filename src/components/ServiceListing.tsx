/**
 * The "services" block: every form whose service.json lists it (registry.listing, in its order), each
 * with its title as a link to the form, its price in the reader's language and its one line. A form
 * without a listed price says so plainly: "No fee" where it takes no payment, else that the payment
 * page shows the fee (its checkout's amount is the provider's to say).
 */
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from '../app/Link.tsx';
import { companyValues } from '../engine/company.ts';
import { listingPriceText } from '../engine/price.ts';
import { registry } from '../generated/registry.ts';

const company = companyValues(registry.site.company);

/** Whether a listed form's submit leads to a payment (its service takes one and the form has a checkout). */
function paid(entry: { service: string; form: string }): boolean {
  const service = registry.services.find((s) => s.id === entry.service);
  return !!service?.payments && !!service.forms.find((f) => f.id === entry.form)?.checkout;
}

export function ServiceListing() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, { ...company, ...values });
  return (
    // A plain list of items: Mantine's List.Item wraps its content in a <span>, where a title line and a
    // paragraph may not go.
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="service-listing">
      {registry.listing.map((entry) => {
        const amount = listingPriceText(entry, intl.locale, t);
        const price = amount ?? t(paid(entry) ? 'listing.atCheckout' : 'listing.free');
        return (
          <Stack component="li" gap={0} key={entry.route} data-service={entry.service} data-form={entry.form}>
            <Group gap="xs" wrap="wrap">
              <Anchor component={Link} to={entry.route} fw={600}>
                {t(entry.title)}
              </Anchor>
              {/* An amount stands out; a sentence in its place ("No fee") reads as text. */}
              <Text span fw={amount === undefined ? 400 : 600} data-testid="service-price">
                {price}
              </Text>
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
