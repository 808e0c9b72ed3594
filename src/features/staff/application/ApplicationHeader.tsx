/** The application's name on its page: the reference (what the applicant quotes) with a copy button, when it came and through which form. */
import { Group, Stack, Text, Title } from '@mantine/core';
import type { RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ServiceEntry } from '../../../engine/types.ts';
import { CopyValue } from '../FieldValue.tsx';
import type { StoredRecord } from '../RecordCard.tsx';

/** The reference, else (a service without one) the record's id. */
export const referenceOf = (record: StoredRecord): string => (typeof record.reference === 'string' && record.reference ? record.reference : record.id);

export function ApplicationHeader({ service, record, heading, copy = true }: { service: ServiceEntry; record: StoredRecord; heading?: RefObject<HTMLHeadingElement | null>; copy?: boolean }) {
  const intl = useIntl();
  const reference = referenceOf(record);
  const form = service.forms.find((f) => f.id === record.variant);
  const formName = form ? intl.formatMessage({ id: form.title }) : String(record.variant ?? '');
  const submitted = record.created ? intl.formatDate(record.created.replace(' ', 'T'), { dateStyle: 'long', timeStyle: 'short' }) : '';
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        <FormattedMessage id={service.admin.title} />
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Title order={1} size="h2" ff="monospace" tabIndex={-1} ref={heading} data-testid="application-reference" style={{ wordBreak: 'break-all' }}>
          {reference}
        </Title>
        {copy && (
          <span className="print-hide">
            <CopyValue value={reference} copied={intl.formatMessage({ id: 'admin.copied' })} label={intl.formatMessage({ id: 'staff.application.copyReference' })} />
          </span>
        )}
      </Group>
      <Text size="sm">
        <FormattedMessage id="admin.submitted" values={{ date: submitted }} />
        {' · '}
        <FormattedMessage id="admin.form" values={{ form: formName }} />
      </Text>
    </Stack>
  );
}
