/** Static content around a form or on a page (headings, texts, lists, price lines, fees, links). */
import { Alert, Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import type { Block } from '../../engine/types.ts';

export function usd(amount: number | string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(Number(amount));
}

function BlockView({ block, constants }: { block: Block; constants: Record<string, number | string> }) {
  const intl = useIntl();
  const location = useLocation();
  switch (block.type) {
    case 'heading':
      return <Title order={2} size="h3">{intl.formatMessage({ id: block.message })}</Title>;
    case 'text':
      return <Text>{intl.formatMessage({ id: block.message })}</Text>;
    case 'list':
      return (
        <List>
          {block.messages.map((m) => (
            <List.Item key={m}>{intl.formatMessage({ id: m })}</List.Item>
          ))}
        </List>
      );
    case 'price':
      return (
        <Stack gap={2} data-testid="price-summary">
          {block.lines.map((l) => (
            <Text key={l.label} fw={600}>
              {usd(constants[l.amount] ?? 0, intl.locale)}
              {l.per ? intl.formatMessage({ id: l.per }) : ''} {intl.formatMessage({ id: l.label })}
            </Text>
          ))}
        </Stack>
      );
    case 'fee':
      return (
        <Text fw={600}>
          {intl.formatMessage({ id: block.label })} {usd(constants[block.amount] ?? 0, intl.locale)}
        </Text>
      );
    case 'links':
      return (
        <Group>
          {block.links.map((l) => (
            <Anchor key={l.to} component={Link} to={l.to}>
              {intl.formatMessage({ id: l.message })}
            </Anchor>
          ))}
        </Group>
      );
    case 'payment': {
      const state = (location.state ?? {}) as { checkoutUrl?: string; popupBlocked?: boolean };
      if (!state.checkoutUrl) return null;
      return (
        <Alert color={state.popupBlocked ? 'yellow' : 'blue'}>
          <Stack gap="xs">
            <Text>
              <FormattedMessage id={state.popupBlocked ? 'payment.blocked' : 'payment.opened'} />
            </Text>
            <Button component="a" href={state.checkoutUrl} target="_blank" rel="noopener noreferrer" w="fit-content">
              <FormattedMessage id="payment.continue" />
            </Button>
          </Stack>
        </Alert>
      );
    }
  }
}

export function Blocks({ blocks, constants = {} }: { blocks: Block[]; constants?: Record<string, number | string> }) {
  if (blocks.length === 0) return null;
  return (
    <Stack gap="sm">
      {blocks.map((b, i) => (
        <BlockView key={i} block={b} constants={constants} />
      ))}
    </Stack>
  );
}
