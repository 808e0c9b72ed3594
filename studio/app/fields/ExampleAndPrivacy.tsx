/**
 * What a field holds, beyond its rules: an example value (the first of `examples`, which the staff card
 * preview, the generated tests and stories use), the browser's autofill hint, and the privacy policy's
 * category, which decides how long the value is kept (docs/retention.md).
 */
import { Checkbox, Group, NativeSelect, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { setAutocomplete, setCategory, setExample } from '../../model/constraints.ts';
import { useDraft } from '../draft/DraftContext.tsx';
import { CheckedInput, type Parsed } from './CheckedInput.tsx';
import { AUTOCOMPLETE_TOKENS, CATEGORIES, takesAutocomplete, takesExample } from './editorKind.ts';
import { categoriesOf, uiEntry } from './fieldState.ts';
import type { FieldFacts } from './useField.ts';

export function ExampleAndPrivacy({ field }: { field: FieldFacts }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { draft, apply } = useDraft();
  const { ref, kind, schema, group, name } = field;
  const example = Array.isArray(schema.examples) && schema.examples.length > 0 ? (schema.examples[0] as string | number) : null;
  const parseExample = (text: string): Parsed<string | number | null> => {
    if (text.trim() === '') return { ok: true, value: null };
    if (kind !== 'number') return { ok: true, value: text };
    return /^-?[0-9]+(\.[0-9]+)?$/.test(text.trim()) ? { ok: true, value: Number(text.trim()) } : { ok: false, error: t('fields.editor.aNumber') };
  };
  const autocomplete = uiEntry(draft, { name, group })['ui:autocomplete'];
  const sharedHint = typeof schema['x-autocomplete'] === 'string' ? (schema['x-autocomplete'] as string) : null;

  return (
    <Stack gap="sm">
      {takesExample(kind) && (
        <CheckedInput
          label={t('fields.editor.example')}
          description={t('fields.editor.exampleHelp')}
          value={example}
          format={(value) => (value === null ? '' : String(value))}
          parse={parseExample}
          onCommit={(value) => apply((d) => setExample(d, ref, value))}
        />
      )}
      {takesAutocomplete(kind) && (
        <NativeSelect
          label={t('fields.editor.autocomplete')}
          description={sharedHint ? t('fields.editor.autocompleteShared', { token: sharedHint }) : t('fields.editor.autocompleteHelp')}
          value={typeof autocomplete === 'string' ? autocomplete : ''}
          onChange={(event) => {
            const token = event.currentTarget.value;
            apply((d) => setAutocomplete(d, ref, token === '' ? null : token));
          }}
          data={[{ value: '', label: t('fields.editor.autocomplete.none') }, ...AUTOCOMPLETE_TOKENS.map((token) => ({ value: token, label: token }))]}
        />
      )}
      {!group && (
        <Checkbox.Group
          label={t('fields.editor.category')}
          description={t('fields.editor.categoryHelp')}
          value={categoriesOf(schema)}
          onChange={(letters) => {
            // One letter is written as a letter, several as a list in the policy's order (as the shared SSN: ["A", "L"]).
            const ordered = CATEGORIES.filter((letter) => letters.includes(letter));
            apply((d) => setCategory(d, ref, ordered.length === 0 ? null : ordered.length === 1 ? ordered[0]! : [...ordered]));
          }}
        >
          <Group gap="md" mt={4}>
            {CATEGORIES.map((letter) => (
              <Checkbox key={letter} value={letter} label={t(`fields.category.${letter}`)} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
    </Stack>
  );
}
