/**
 * Shown when a screen throws. It renders outside the language provider (which may be what failed),
 * so it reads the catalogue itself and falls back to English.
 */
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import type { Locale } from '../../engine/types.ts';
import { registry } from '../../generated/registry.ts';

export default function RouteError() {
  const error = useRouteError();
  const [messages, setMessages] = useState<Record<string, string>>({});
  useEffect(() => {
    const lang = (document.documentElement.lang || registry.defaultLanguage) as Locale;
    void registry.loadMessages(registry.languages.includes(lang) ? lang : registry.defaultLanguage).then(setMessages, () => {});
    console.error(error);
  }, [error]);
  const status = isRouteErrorResponse(error) ? error.status : 0;
  const key = status === 404 ? 'route.notFound.title' : status === 405 ? 'route.methodNotAllowed.title' : 'route.error.title';
  const fallback = status === 404 ? '404 Not Found' : status === 405 ? '405 Method Not Allowed' : 'Unexpected Application Error!';
  const title = messages[key] ?? fallback; // English only if the catalogue itself could not load
  return (
    <Container size="sm" py="lg" component="main">
      <Stack role="alert">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text>{messages['route.error.body'] ?? 'Please reload the page. If it happens again, contact us.'}</Text>
        <Anchor href="/">{messages['route.home'] ?? 'Go to the home page'}</Anchor>
      </Stack>
    </Container>
  );
}
