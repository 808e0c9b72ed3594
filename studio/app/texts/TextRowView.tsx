/**
 * One text in the three languages: an input per language, named "<key> (English)" and so on, with what is
 * wrong with it said in words under it. Memoised: typing in one row re-renders that row, not the table.
 */
import { Table, Textarea } from '@mantine/core';
import { memo } from 'react';
import { useIntl } from 'react-intl';
import { setText, type TextRow } from '../../model/texts.ts';
import { useDraft } from '../draft/DraftContext.tsx';
import { FieldProblems } from '../draft/FieldProblems.tsx';
import { TEXT_LOCALES } from './filter.ts';

/** How a language is named in a cell's label ("contact.title (Uzbek)"), in the studio's language. */
const LANGUAGE_IDS = { en: 'texts.language.en', uz: 'texts.language.uz', ru: 'texts.language.ru' } as const;

/** A JSON pointer to a key of a flat i18n file (RFC 6901: ~ and / escaped). */
export const keyPointer = (key: string) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;

export const TextRowView = memo(function TextRowView({ row }: { row: TextRow }) {
  const intl = useIntl();
  const { apply } = useDraft();
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={400} style={{ overflowWrap: 'anywhere' }}>
        <code>{row.key}</code>
      </Table.Th>
      {TEXT_LOCALES.map((locale) => {
        const status = row.status[locale];
        return (
          <Table.Td key={locale} valign="top">
            <Textarea
              aria-label={intl.formatMessage({ id: 'texts.cell' }, { key: row.key, language: intl.formatMessage({ id: LANGUAGE_IDS[locale] }) })}
              lang={locale}
              autosize
              minRows={1}
              maxRows={8}
              value={row.values[locale] ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                apply((draft) => setText(draft, locale, row.key, value));
              }}
              description={status === 'ok' ? undefined : intl.formatMessage({ id: status === 'missing' ? 'texts.missing' : 'texts.untranslated' })}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              styles={{ description: { fontWeight: 700, color: status === 'missing' ? 'var(--mantine-color-error)' : undefined } }}
            />
            <FieldProblems file={`i18n/${locale}.json`} pointer={keyPointer(row.key)} />
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
});
