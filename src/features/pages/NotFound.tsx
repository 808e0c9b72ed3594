import { Anchor, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../app/Link.tsx';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';

export default function NotFound() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'route.notFound.title' }));
  return (
    <Stack>
      <Title order={1} size="h2">
        <FormattedMessage id="route.notFound.title" />
      </Title>
      <Text>
        <FormattedMessage id="route.notFound.body" />
      </Text>
      <Anchor component={Link} to="/">
        <FormattedMessage id="route.home" />
      </Anchor>
    </Stack>
  );
}
