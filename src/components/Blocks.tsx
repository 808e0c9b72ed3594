/**
 * Static content around a form's fields or on a page (schemas: "ui:blocks", success blocks and
 * pages/<id>/page.json): headings, texts, lists, prices, links, offer cards, the company's contact
 * details, accordions, the payment notice, the listed services and what a submit gave the applicant
 * (SuccessBlocks.tsx), in the current language. Every text
 * may use the company's constants ({companyName}, …) from schemas/site.json.
 */
import { Alert, Anchor, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '../app/Link.tsx';
import { companyValues } from '../engine/company.ts';
import { mailtoHref, mapsHref, telHref } from '../engine/links.ts';
import { formatUsd } from '../engine/numberFormat.ts';
import { priceLineText } from '../engine/price.ts';
import type { Block } from '../engine/types.ts';
import { registry } from '../generated/registry.ts';
import { accordionBlock } from './blockModules.ts';
import { PaymentNotice } from './PaymentNotice.tsx';
import { ServiceListing } from './ServiceListing.tsx';
import { ApplicationLinkBlock, CancellationBlock, MailedBlock, ReferenceBlock } from './SuccessBlocks.tsx';
import { HydratingSuspense } from './UntilHydrated.tsx';

type Constants = Record<string, number | string>;
/** Heading level of the blocks' headings; cards' titles and the blocks inside accordion sections nest under the heading before them. */
export type Level = 1 | 2 | 3 | 4;

const company = companyValues(registry.site.company);
// The accordion loads with the routes that show it (blockModules.ts); the provider's embedded components
// when they render, in boundaries of their own, so the page around them does not wait for their code.
const AccordionBlock = accordionBlock.Screen;
const ConnectEmbed = lazy(() => import('../features/payments/ConnectEmbed.tsx'));
const ProductCheckout = lazy(() => import('../features/payments/ProductCheckout.tsx'));
const TONE = { success: 'teal', info: 'blue', warning: 'yellow' } as const;

/** The company's e-mail, phone and postal address as links (the contact page's received state). */
export function ContactLinks() {
  const intl = useIntl();
  const { email, phone, address } = registry.site.company;
  return (
    <Stack gap={4} component="address" style={{ fontStyle: 'normal' }}>
      <Anchor href={mailtoHref(email)}>{intl.formatMessage({ id: 'footer.email' }, { email })}</Anchor>
      <Anchor href={telHref(phone)}>{intl.formatMessage({ id: 'footer.phone' }, { phone })}</Anchor>
      <Anchor href={mapsHref(address)} target="_blank" rel="noopener noreferrer">
        {address}
      </Anchor>
    </Stack>
  );
}

function BlockView({ block, constants, level, nested }: { block: Block; constants: Constants; level: Level; nested: Level }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values ? { ...company, ...values } : company);
  switch (block.type) {
    case 'heading':
      return (
        <Title order={level} size="h3">
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
    case 'links': {
      const links = block.links.map((l) => (
        <Anchor key={l.to} component={Link} to={l.to}>
          {t(l.message)}
        </Anchor>
      ));
      return block.style === 'list' ? (
        <List>
          {links.map((a) => (
            <List.Item key={a.key}>{a}</List.Item>
          ))}
        </List>
      ) : (
        <Group>{links}</Group>
      );
    }
    case 'contact':
      return <ContactLinks />;
    case 'cards':
      return (
        <SimpleGrid cols={{ base: 1, sm: block.cards.length }} data-testid="offer-cards">
          {block.cards.map((c) => (
            <Card key={c.title} withBorder padding="md" component="article">
              <Stack gap="xs" h="100%">
                <Title order={nested} size="h4">
                  {t(c.title)}
                </Title>
                <Text fw={700} size="xl">
                  {formatUsd(constants[c.amount] ?? 0, intl.locale, true)}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('blocks.includes')}
                </Text>
                <List size="sm">
                  {c.items.map((m) => (
                    <List.Item key={m}>{t(m)}</List.Item>
                  ))}
                </List>
                <Button component={Link} to={c.link.to} mt="auto">
                  {t(c.link.message)}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      );
    case 'accordion':
      // Its module is loaded with the route (blockModules.ts), so it renders at once; else the screen's
      // loader shows until it is in, rather than the page without it.
      return <AccordionBlock block={block} titles={block.sections.map((s) => t(s.title))} constants={constants} level={nested} />;
    case 'alert':
      return (
        <Alert color={TONE[block.tone]} title={block.title ? t(block.title) : undefined} data-testid="page-alert">
          {t(block.message)}
        </Alert>
      );
    case 'connect':
      return (
        <HydratingSuspense fallback={null}>
          <ConnectEmbed component={block.component} />
        </HydratingSuspense>
      );
    case 'checkout':
      return (
        // Hydrated in a pass of its own once its code is in: until then its controls stay disabled, or a
        // plan chosen before would show as chosen while the checkout still charged the other one.
        <HydratingSuspense fallback={null}>
          <ProductCheckout productId={block.product} />
        </HydratingSuspense>
      );
    case 'payment':
      return <PaymentNotice />;
    case 'services':
      return <ServiceListing />;
    case 'reference':
      return <ReferenceBlock />;
    case 'mailed':
      return <MailedBlock message={block.message} />;
    case 'cancellation':
      return <CancellationBlock message={block.message} />;
    case 'applicationLink':
      return <ApplicationLinkBlock message={block.message} />;
  }
}

export function Blocks({ blocks, constants = registry.site.constants, level = 2 }: { blocks: Block[]; constants?: Constants; level?: Level }) {
  if (blocks.length === 0) return null;
  // Cards' titles (and the blocks inside an accordion's sections) sit one level under the heading before
  // them: a heading block of this list, or else the heading the list is under (level - 1), so no level is
  // skipped (an h1 followed by h3 cards, as the order page had). Never an h1 of their own, never below h4.
  const firstHeading = blocks.findIndex((b) => b.type === 'heading');
  const nestedAt = (i: number): Level => {
    const under = firstHeading !== -1 && firstHeading < i ? level : level - 1;
    return Math.min(Math.max(under + 1, 2), 4) as Level;
  };
  return (
    <Stack gap="sm">
      {blocks.map((b, i) => (
        <BlockView key={i} block={b} constants={constants} level={level} nested={nestedAt(i)} />
      ))}
    </Stack>
  );
}
