/** One field of a staff card: its value shown the way the card says, and a copy button. */
import { ActionIcon, Anchor, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { AdminField } from '../../engine/types.ts';

export const tail = (text: string, n?: number): string => (n && text.length > n ? `…${text.slice(-n)}` : text);
export const maskLast4 = (text: string): string => (text ? `•••••${text.slice(-4)}` : text);

export function FieldValue({ field, value, fileUrl }: { field: AdminField; value: string; fileUrl?: string }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: field.label });
  const empty = !value;
  let shown: React.ReactNode = empty ? <Text c="dimmed">{intl.formatMessage({ id: 'admin.empty.value' })}</Text> : value;
  if (!empty) {
    if (field.display === 'email') shown = <Anchor href={`mailto:${value}`}>{value}</Anchor>;
    else if (field.display === 'phone') shown = <Anchor href={`tel:${value.replace(/[^\d+]/g, '')}`}>{value}</Anchor>;
    else if (field.display === 'masked') shown = maskLast4(value);
    else if (field.display === 'file')
      shown = fileUrl ? (
        <Anchor href={fileUrl} target="_blank" rel="noopener noreferrer" aria-label={intl.formatMessage({ id: 'admin.openFile' }, { name: value })}>
          {tail(value, field.tail)}
        </Anchor>
      ) : (
        tail(value, field.tail)
      );
  }
  const copied = intl.formatMessage({ id: 'admin.copied' });
  return (
    <Group gap="xs" wrap="nowrap" align="center" data-field={field.name}>
      <Text fw={600} size="sm" miw={160}>
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {shown}
      </Text>
      {field.copy && !empty && (
        <CopyButton value={value} timeout={1500}>
          {({ copied: done, copy }) => (
            <>
              <Tooltip label={copied} opened={done} withArrow>
                <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={intl.formatMessage({ id: 'admin.copy' }, { field: label })}>
                  <span aria-hidden>{done ? '✓' : '⧉'}</span>
                </ActionIcon>
              </Tooltip>
              {/* The tooltip is visual; screen readers hear the same confirmation here. */}
              <span role="status" className="sr-only">
                {done ? copied : ''}
              </span>
            </>
          )}
        </CopyButton>
      )}
    </Group>
  );
}
