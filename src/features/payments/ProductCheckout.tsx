/**
 * A product's order summary (site.json "products") with its billing intervals, and a button to the
 * provider's hosted checkout. The server creates the checkout at its own price; this page never has a
 * card field (the original's demo form posted raw card data).
 */
import { Alert, Button, Card, List, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatUsd } from '../../engine/numberFormat.ts';
import { registry } from '../../generated/registry.ts';

type Interval = 'year' | 'month';

export default function ProductCheckout({ productId }: { productId: string }) {
  const intl = useIntl();
  const product = registry.site.products[productId];
  const intervals = (['year', 'month'] as const).filter((i) => product?.prices[i] !== undefined);
  const [interval, setInterval] = useState<Interval>(intervals[0] ?? 'year');
  const [state, setState] = useState<'idle' | 'opening' | 'failed'>('idle');
  if (!product) return null;
  const price = product.prices[interval] ?? 0;

  const pay = async () => {
    setState('opening');
    try {
      const res = await fetch('/api/formwork/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ product: productId, interval, locale: intl.locale }),
      });
      const body = (await res.json()) as { url?: string };
      if (!res.ok || !body.url?.startsWith('https://')) throw new Error('no checkout');
      window.location.assign(body.url);
    } catch {
      setState('failed');
    }
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="checkout-summary" data-testid="product-checkout">
      <Stack gap="sm">
        <Title order={2} size="h4" id="checkout-summary">
          <FormattedMessage id="checkout.summary" />
        </Title>
        <Text fw={600}>{intl.formatMessage({ id: product.name })}</Text>
        <List size="sm">
          {product.items.map((m) => (
            <List.Item key={m}>{intl.formatMessage({ id: m })}</List.Item>
          ))}
        </List>
        {intervals.length > 1 && (
          <SegmentedControl
            aria-label={intl.formatMessage({ id: 'checkout.interval' })}
            value={interval}
            onChange={(v) => setInterval(v as Interval)}
            data={intervals.map((i) => ({ value: i, label: intl.formatMessage({ id: `checkout.${i}` }) }))}
          />
        )}
        <Text fw={700} size="lg" data-testid="checkout-total">
          <FormattedMessage id="checkout.total" />: {formatUsd(price, intl.locale)}
          {intl.formatMessage({ id: `checkout.per.${interval}` })}
        </Text>
        {state === 'failed' && (
          <Alert color="red" role="alert">
            <FormattedMessage id="checkout.failed" />
          </Alert>
        )}
        <Button onClick={() => void pay()} loading={state === 'opening'} w="fit-content">
          <FormattedMessage id="checkout.pay" />
        </Button>
        <Text size="sm" c="dimmed" role="status">
          <FormattedMessage id={state === 'opening' ? 'checkout.redirecting' : 'checkout.note'} />
        </Text>
      </Stack>
    </Card>
  );
}
