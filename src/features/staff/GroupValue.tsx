/**
 * A repeating group on a staff card (dependents, …): its label, then its rows as a table with a
 * column per item field (translated header, option texts, dates in the reader's language) and the
 * row's number in the first column; no rows → "None added".
 */
import { Table } from '@mantine/core';
import { memo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { AdminColumn, AdminField } from '../../engine/types.ts';
import { dimmed, small, term, wideRow } from './cardStyles.ts';
import { formatDay } from '../../engine/dates.ts';
import { groupRows } from './cardValues.ts';

interface Props {
  field: AdminField;
  /** The stored rows (a json column). */
  value: unknown;
}

/** Memoised as FieldValue is: a card re-renders on e-mail status and file tokens, its rows do not change. */
export const GroupValue = memo(function GroupValue({ field, value }: Props) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: field.label });
  const rows = groupRows(value);
  const columns = field.columns ?? [];
  const empty = intl.formatMessage({ id: 'admin.empty.value' });
  return (
    <div data-field={field.name} data-rows={rows.length} style={wideRow}>
      <dt style={term}>{label}</dt>
      <dd style={small}>
        {rows.length === 0 ? (
          <span style={dimmed}>{intl.formatMessage({ id: 'form.group.empty' })}</span>
        ) : (
          <Table.ScrollContainer minWidth={columns.length * 110 + 48} type="native">
            <Table withTableBorder withColumnBorders verticalSpacing={4} horizontalSpacing="xs" fz="sm">
              {/* The label above says it to the eye; the caption names the table to a screen reader's table list. */}
              <caption className="sr-only">{label}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{intl.formatMessage({ id: 'staff.group.number' })}</Table.Th>
                  {columns.map((c) => (
                    <Table.Th key={c.name} scope="col">
                      {intl.formatMessage({ id: c.label })}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => (
                  // Rows have no identity of their own: their position is what the applicant gave them.
                  <Table.Tr key={i} data-row={i + 1}>
                    <Table.Th scope="row">{i + 1}</Table.Th>
                    {columns.map((c) => {
                      const text = cellText(c, r[c.name], intl);
                      return (
                        <Table.Td key={c.name} data-column={c.name}>
                          {text === '' ? <span style={dimmed}>{empty}</span> : text}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </dd>
    </div>
  );
});

/** A cell as the reader reads it: an option's text (else the value as stored), a date, yes / no. */
function cellText(column: AdminColumn, value: unknown, intl: IntlShape): string {
  if (value === undefined || value === null || value === '') return '';
  if (column.display === 'bool' && typeof value === 'boolean') return intl.formatMessage({ id: value ? 'staff.card.yes' : 'staff.card.no' });
  const text = String(value);
  if (column.display === 'date') return formatDay(text, intl);
  const key = column.options && `${column.options}.${text}`;
  // A value no option text covers (an option since removed) is shown as stored.
  return key && key in intl.messages ? intl.formatMessage({ id: key }) : text;
}
