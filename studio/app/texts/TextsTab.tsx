/**
 * Every text of the service in English, Uzbek and Russian side by side: labels, help, options, errors,
 * page texts. A missing text and an Uzbek or Russian one still equal to the English are marked in words
 * ("Missing", "Same as English"), not by colour alone; "Only what's missing" leaves the rows with work
 * to do, "Find a text" those holding what is typed.
 */
import { Group, Switch, Table, Text, TextInput } from '@mantine/core';
import { useDeferredValue, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { textTable } from '../../model/texts.ts';
import { useDraft } from '../draft/DraftContext.tsx';
import { LOCALE_NAMES } from '../intl.tsx';
import { TEXT_LOCALES, visibleRows } from './filter.ts';
import { TextRowView } from './TextRowView.tsx';

export function TextsTab() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { draft } = useDraft();
  const [onlyMissing, setOnlyMissing] = useState(false);
  const [find, setFind] = useState('');
  // The table follows the typing a moment later, so a keystroke in the filter is never held up by it.
  const deferredFind = useDeferredValue(find);
  const rows = useMemo(() => textTable(draft), [draft]);
  const shown = useMemo(() => visibleRows(rows, { onlyMissing, find: deferredFind }), [rows, onlyMissing, deferredFind]);

  return (
    <>
      <Group align="flex-end" gap="lg" mb="sm" wrap="wrap">
        <TextInput label={t('texts.find')} type="search" value={find} onChange={(event) => setFind(event.currentTarget.value)} w={280} />
        <Switch label={t('texts.onlyMissing')} checked={onlyMissing} onChange={(event) => setOnlyMissing(event.currentTarget.checked)} mb={8} />
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        {t('texts.shown', { shown: shown.length, total: rows.length })}
      </Text>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing={4} layout="fixed">
          <Table.Caption>{t('texts.caption', { id: draft.id })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w="22%">
                {t('texts.column.key')}
              </Table.Th>
              {TEXT_LOCALES.map((locale) => (
                <Table.Th key={locale} scope="col" lang={locale}>
                  {LOCALE_NAMES[locale]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <TextRowView key={row.key} row={row} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {shown.length === 0 && <Text mt="sm">{t(rows.length === 0 ? 'texts.empty' : 'texts.noMatch')}</Text>}
    </>
  );
}
