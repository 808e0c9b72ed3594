/** Previous / page N of M / next under a staff list, as a labelled navigation region. */
import { Button, Group, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';

export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const intl = useIntl();
  if (pages <= 1) return null;
  return (
    <Group justify="space-between" component="nav" aria-label={intl.formatMessage({ id: 'admin.page' }, { page, pages })}>
      <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <FormattedMessage id="admin.previous" />
      </Button>
      <Text size="sm">
        <FormattedMessage id="admin.page" values={{ page, pages }} />
      </Text>
      <Button variant="default" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <FormattedMessage id="admin.next" />
      </Button>
    </Group>
  );
}
