/**
 * Shown when a screen throws (app/RouteErrorBoundary.tsx). It renders outside the language provider,
 * which may be what failed, so it loads the catalogue of the page's language itself; until it has one
 * (or if it cannot load one) react-intl falls back to each message's English default.
 */
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormattedMessage, IntlProvider, type MessageFormatElement } from 'react-intl';
import type { CompiledMessages, Locale } from '../../engine/types.ts';
import { registry } from '../../generated/registry.ts';

/** An English default as its ICU AST (type 0: a literal): the shipped react-intl cannot parse a text (vite.config.ts). */
const english = (text: string): MessageFormatElement[] => [{ type: 0, value: text }];

function pageLocale(): Locale {
  const lang = document.documentElement.lang as Locale;
  return registry.languages.includes(lang) ? lang : registry.defaultLanguage;
}

export default function RouteError({ error }: { error: unknown }) {
  const [catalogue, setCatalogue] = useState<{ locale: Locale; messages: CompiledMessages } | null>(null);
  useEffect(() => {
    console.error(error);
    const locale = pageLocale();
    registry.loadMessages(locale).then(
      (messages) => setCatalogue({ locale, messages }),
      () => {}, // stay on the English defaults
    );
  }, [error]);
  return (
    <IntlProvider
      locale={catalogue?.locale ?? registry.defaultLanguage}
      messages={catalogue?.messages ?? {}}
      defaultLocale={registry.defaultLanguage}
      // Without a catalogue every message is "missing": the defaults below are meant, not an oversight.
      onError={catalogue ? undefined : () => {}}
    >
      <Container size="sm" py="lg" component="main">
        <Stack role="alert">
          <Title order={1} size="h2">
            <FormattedMessage id="route.error.title" defaultMessage={english('Unexpected Application Error!')} />
          </Title>
          <Text>
            <FormattedMessage id="route.error.body" defaultMessage={english('Please reload the page. If it happens again, contact us.')} />
          </Text>
          <Anchor href="/">
            <FormattedMessage id="route.home" defaultMessage={english('Go to the home page')} />
          </Anchor>
        </Stack>
      </Container>
    </IntlProvider>
  );
}
