/**
 * One field of a staff card (a row of the card's <dl>): its label, its value shown the way the card
 * says (admin.ui.json "display"), and a copy button that confirms with a tooltip and a status message.
 */
import { ActionIcon, Anchor, CopyButton, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { CheckIcon, CopyIcon } from '../../components/icons.tsx';
import type { AdminField } from '../../engine/types.ts';
import { useLocale } from '../../app/locale.tsx';
import { telHref } from '../../engine/links.ts';
import { formatUsd } from '../../engine/price.ts';
import { maskLast4, tail } from './display.ts';

const row = { display: 'grid', gridTemplateColumns: 'minmax(7rem, 38%) 1fr auto', gap: 'var(--mantine-spacing-xs)', alignItems: 'center' } as const;

export function FieldValue({ field, value, fileUrl }: { field: AdminField; value: string; fileUrl?: string }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: field.label });
  const { has } = useLocale();
  const empty = !value;
  // A choice is shown in the reader's language; a value no option text covers (an older option) as stored.
  const optionKey = field.options && `${field.options}.${value}`;
  const shown = optionKey && has(optionKey) ? intl.formatMessage({ id: optionKey }) : value;
  const copied = intl.formatMessage({ id: 'admin.copied' });
  return (
    <div data-field={field.name} style={row}>
      <Text component="dt" fw={600} size="sm">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-all' }}>
        {empty ? <Text span c="dimmed" size="sm">{intl.formatMessage({ id: 'admin.empty.value' })}</Text> : shownValue(field, shown, fileUrl, intl.formatMessage({ id: 'admin.openFile' }, { name: value }), intl.locale)}
      </Text>
      <div>
        {field.copy && !empty && (
          <CopyButton value={value} timeout={1500}>
            {({ copied: done, copy }) => (
              <>
                <Tooltip label={copied} opened={done} withArrow>
                  <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={intl.formatMessage({ id: 'admin.copy' }, { field: label })}>
                    {done ? <CheckIcon /> : <CopyIcon />}
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
      </div>
    </div>
  );
}

function shownValue(field: AdminField, value: string, fileUrl: string | undefined, openLabel: string, locale: string): ReactNode {
  switch (field.display) {
    case 'email':
      return <Anchor href={`mailto:${value}`}>{value}</Anchor>;
    case 'phone':
      return <Anchor href={telHref(value)}>{value}</Anchor>;
    case 'masked':
      return maskLast4(value);
    case 'usd':
      return formatUsd(value, locale, true);
    case 'file':
      return fileUrl ? (
        <Anchor href={fileUrl} target="_blank" rel="noopener noreferrer" aria-label={openLabel}>
          {tail(value, field.tail)}
        </Anchor>
      ) : (
        tail(value, field.tail)
      );
    case 'text':
      return tail(value, field.tail);
  }
}
