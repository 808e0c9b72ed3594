/** A titled part of the application page: a <section> named by its heading, for the page's outline. */
import { Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

export function Section({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack component="section" gap="xs" aria-labelledby={id} data-testid={testId} className="application-section">
      <Title order={2} size="h4" id={id}>
        <FormattedMessage id={title} />
      </Title>
      {children}
    </Stack>
  );
}
