/**
 * An upload's rules (x-file): the types it accepts (those the server can tell by their content), the
 * largest file, and for a several-files field the most files and their total size.
 */
import { Checkbox, Group, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { FILE_TYPES, setFileRules } from '../../model/constraints.ts';
import { useDraft } from '../draft/DraftContext.tsx';
import { bytesToMegabytes, CheckedInput, formatNumber, megabytes, wholeNumber } from './CheckedInput.tsx';
import type { FieldFacts } from './useField.ts';
import type { Schema } from './fieldState.ts';

export function FileRulesControls({ field }: { field: FieldFacts }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { apply } = useDraft();
  const { ref, kind, schema } = field;
  const rules: Schema = schema['x-file'] ?? {};
  const accepted: string[] = Array.isArray(rules.accept) ? rules.accept : [];
  const checked = FILE_TYPES.filter((type) => type.mimes.some((mime) => accepted.includes(mime))).map((type) => type.label);
  const sizeError = t('fields.files.sizeRule');

  return (
    <Stack gap="sm">
      <Checkbox.Group
        label={t('fields.files.accept')}
        value={checked}
        onChange={(labels) => {
          // Written in the list's own order, whatever order the boxes were ticked in.
          const accept = FILE_TYPES.filter((type) => labels.includes(type.label)).flatMap((type) => type.mimes);
          apply((d) => setFileRules(d, ref, { accept }));
        }}
      >
        <Group gap="md" mt={4}>
          {FILE_TYPES.map((type) => (
            <Checkbox key={type.label} value={type.label} label={type.label} />
          ))}
        </Group>
      </Checkbox.Group>
      <CheckedInput label={t('fields.files.maxSize')} value={bytesToMegabytes(rules.maxSize)} format={formatNumber} parse={megabytes(sizeError)} inputMode="decimal" onCommit={(value) => apply((d) => setFileRules(d, ref, { maxSizeMB: value }))} />
      {kind === 'files' && (
        <>
          <CheckedInput label={t('fields.files.maxFiles')} description={t('fields.files.maxFilesHelp')} value={typeof rules.maxFiles === 'number' ? rules.maxFiles : null} format={formatNumber} parse={wholeNumber(t('fields.editor.wholeNumber'))} inputMode="numeric" onCommit={(value) => apply((d) => setFileRules(d, ref, { maxFiles: value }))} />
          <CheckedInput label={t('fields.files.maxTotal')} value={bytesToMegabytes(rules.maxTotalSize)} format={formatNumber} parse={megabytes(sizeError)} inputMode="decimal" onCommit={(value) => apply((d) => setFileRules(d, ref, { maxTotalSizeMB: value }))} />
        </>
      )}
    </Stack>
  );
}
