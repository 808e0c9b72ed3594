/**
 * One section of a long form on one page (form.ui.json "ui:sections"): a heading and the fields under
 * it, as a region named by its heading, so screen reader users can jump from section to section.
 */
import { Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { FormSectionModel } from '../engine/types.ts';

export function FormSection({ section, children }: { section: FormSectionModel; children: ReactNode }) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <Stack component="section" gap="xs" aria-labelledby={headingId} data-section={section.id} mt="sm">
      <Title order={2} size="h4" id={headingId}>
        {intl.formatMessage({ id: section.title })}
      </Title>
      {children}
    </Stack>
  );
}
