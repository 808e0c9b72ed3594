/**
 * The price summary right above a form's submit button: what the service costs (the form's "submit"
 * blocks, form.ui.json) and what pressing the button does about payment (engine/checkoutNotice.ts: the
 * provider's page opens now and for how much, or nothing is charged now). It comes before the button in
 * the reading order, so a screen reader reaches it first. Rendered only where there is something to say,
 * so a free form keeps its button alone.
 */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Blocks } from '../../components/Blocks.tsx';
import { checkoutNotice, type Offer } from '../../engine/checkoutNotice.ts';
import { formatUsd } from '../../engine/numberFormat.ts';
import type { Block, ServiceEntry } from '../../engine/types.ts';
import { registry } from '../../generated/registry.ts';

export interface PriceSummaryProps {
  service: Pick<ServiceEntry, 'payments' | 'payment' | 'constants'>;
  /** The price and fee blocks of the form's "submit" placement. */
  blocks: Block[];
  /** useCheckoutOffer's answer (null while unknown). */
  offer: Offer | null;
}

export function PriceSummary({ service, blocks, offer }: PriceSummaryProps) {
  const intl = useIntl();
  const headingId = useId();
  const notice = checkoutNotice(service, offer);
  if (blocks.length === 0 && !notice) return null;
  const values = { provider: registry.site.brand.paymentProvider, ...(notice?.id === 'checkout.notice.opens' ? { amount: formatUsd(notice.amount, intl.locale) } : {}) };
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="sm" data-testid="payment-summary">
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {intl.formatMessage({ id: 'checkout.summary.title' })}
        </Title>
        <Blocks blocks={blocks} constants={service.constants} />
        {notice && (
          <Text size="sm" data-testid="checkout-notice" data-notice={notice.id}>
            {intl.formatMessage({ id: notice.id }, values)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
