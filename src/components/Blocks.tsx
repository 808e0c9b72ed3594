/**
 * Static content around a form's fields or on a page (schemas: "ui:blocks" and pages/<id>/page.json):
 * headings, texts, lists, price lines, fees, links and the payment notice, in the current language.
 */
import { Anchor, Group, List, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { formatUsd, priceLineText } from '../engine/price.ts';
import type { Block } from '../engine/types.ts';
import { PaymentNotice } from './PaymentNotice.tsx';

type Constants = Record<string, number | string>;

function BlockView({ block, constants }: { block: Block; constants: Constants }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  switch (block.type) {
    case 'heading':
      return (
        <Title order={2} size="h3">
          {t(block.message)}
        </Title>
      );
    case 'text':
      return <Text>{t(block.message)}</Text>;
    case 'list':
      return (
        <List>
          {block.messages.map((m) => (
            <List.Item key={m}>{t(m)}</List.Item>
          ))}
        </List>
      );
    case 'price':
      return (
        <Stack gap={2} data-testid="price-summary">
          {block.lines.map((line) => (
            <Text key={line.label} fw={600}>
              {priceLineText(line, constants, intl.locale, t)}
            </Text>
          ))}
        </Stack>
      );
    case 'fee':
      return (
        <Text fw={600}>
          {t(block.label)} {formatUsd(constants[block.amount] ?? 0, intl.locale)}
        </Text>
      );
    case 'links':
      return (
        <Group>
          {block.links.map((l) => (
            <Anchor key={l.to} component={Link} to={l.to}>
              {t(l.message)}
            </Anchor>
          ))}
        </Group>
      );
    case 'payment':
      return <PaymentNotice />;
  }
}

export function Blocks({ blocks, constants = {} }: { blocks: Block[]; constants?: Constants }) {
  if (blocks.length === 0) return null;
  return (
    <Stack gap="sm">
      {blocks.map((b, i) => (
        <BlockView key={i} block={b} constants={constants} />
      ))}
    </Stack>
  );
}
