/**
 * A choice's options: each value with its English text, removable, and a row to add one (value and
 * text). The value is what is stored; a stored value stays readable after its option is removed (the
 * column keeps old values, docs/schema-format.md), so removing one is not a loss.
 */
import { Button, Code, Group, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { addOption, removeOption } from '../../model/constraints.ts';
import { setText } from '../../model/texts.ts';
import { useDraft } from '../draft/DraftContext.tsx';
import type { FieldFacts } from './useField.ts';

/** What an option's value may be: its text's key is fields.<name>.options.<value>, so no dot in it
 *  ("2 months" is fine, as the claim service's options show). */
const OPTION_VALUE = /^[^.\s](?:[^.]*[^.\s])?$/;

export function OptionsControls({ field }: { field: FieldFacts }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { draft, apply } = useDraft();
  const { ref, schema, textPrefix } = field;
  const values: string[] = Array.isArray(schema.enum) ? schema.enum.map(String) : [];
  // Options named by a shared set (x-options) or shown as amounts (x-format usd) have no texts of the form's.
  const ownTexts = !schema['x-options'] && !schema['x-format'];
  const [value, setValue] = useState('');
  const [label, setLabel] = useState('');
  const [tried, setTried] = useState(false);
  const valueError = value.trim() === '' ? 'fields.options.valueMissing' : !OPTION_VALUE.test(value) ? 'fields.options.valueRule' : values.includes(value) ? 'fields.options.valueTaken' : null;

  const add = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (valueError) return;
    apply((d) => addOption(d, ref, value, ownTexts && label.trim() !== '' ? label.trim() : undefined));
    setValue('');
    setLabel('');
    setTried(false);
  };
  const english = (key: string) => {
    const text = draft.files['i18n/en.json']?.[key];
    return typeof text === 'string' ? text : '';
  };

  return (
    <Stack gap="xs" role="group" aria-label={t('fields.options.heading')}>
      <Text fw={600} size="sm">
        {t('fields.options.heading')}
      </Text>
      {values.length > 0 && (
        <Table withTableBorder verticalSpacing={4}>
          <Table.Caption>{t('fields.options.caption', { name: ref })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.options.value')}</Table.Th>
              {ownTexts && <Table.Th>{t('fields.options.text')}</Table.Th>}
              <Table.Th>
                <VisuallyHidden>{t('fields.options.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {values.map((option) => (
              <Table.Tr key={option}>
                <Table.Td>
                  <Code>{option}</Code>
                </Table.Td>
                {ownTexts && (
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label={t('fields.options.textOf', { value: option })}
                      value={english(`${textPrefix}.options.${option}`)}
                      onChange={(event) => {
                        const text = event.currentTarget.value;
                        apply((d) => setText(d, 'en', `${textPrefix}.options.${option}`, text));
                      }}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <Button size="compact-sm" variant="outline" color="red.9" onClick={() => apply((d) => removeOption(d, ref, option))}>
                    {t('fields.options.remove', { value: option })}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <form onSubmit={add} noValidate>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput label={t('fields.options.value')} value={value} onChange={(event) => setValue(event.currentTarget.value)} error={tried && valueError ? t(valueError) : null} autoComplete="off" spellCheck={false} />
          {ownTexts && <TextInput label={t('fields.options.newText')} value={label} onChange={(event) => setLabel(event.currentTarget.value)} />}
          <Button type="submit" variant="light">
            {t('fields.options.add')}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
