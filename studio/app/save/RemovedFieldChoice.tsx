/**
 * What happens to the stored answers of a field the draft no longer has: kept (the field is retired, the
 * default and what `npm run generate` does), renamed (the column and its values carry over to a new
 * field), or deleted with its column — which the dialog warns cannot be undone.
 */
import { Alert, NativeSelect, Radio, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { RemovedField } from '../../server/api.ts';
import type { FieldFate } from './choices.ts';

interface RemovedFieldChoiceProps {
  removed: RemovedField;
  fate: FieldFate;
  /** The draft's new fields it may have been renamed to (those no other removed field took). */
  candidates: string[];
  onChange(fate: FieldFate): void;
}

export function RemovedFieldChoice({ removed, fate, candidates, onChange }: RemovedFieldChoiceProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { field, column } = removed;
  const change = (kind: string) => onChange(kind === 'renamed' ? { kind, to: candidates.length === 1 ? candidates[0]! : null } : kind === 'delete' ? { kind } : { kind: 'keep' });
  return (
    <Stack gap={6}>
      <Radio.Group label={t('save.fate.question', { field })} value={fate.kind} onChange={change}>
        <Stack gap={6} mt={6}>
          <Radio value="keep" label={t('save.fate.keep')} />
          <Radio value="renamed" label={t('save.fate.renamed')} disabled={candidates.length === 0} description={candidates.length === 0 ? t('save.fate.noNewField') : undefined} />
          <Radio value="delete" label={removed.values === undefined ? t('save.fate.deleteUncounted') : t('save.fate.delete', { count: removed.values })} />
        </Stack>
      </Radio.Group>
      {fate.kind === 'renamed' && (
        <NativeSelect
          label={t('save.fate.newName', { field })}
          value={fate.to ?? ''}
          onChange={(event) => onChange({ kind: 'renamed', to: event.currentTarget.value || null })}
          data={[{ value: '', label: t('save.fate.pick') }, ...candidates.map((name) => ({ value: name, label: name }))]}
        />
      )}
      {fate.kind === 'delete' && (
        <Alert color="red" role="alert" title={t('save.fate.warningTitle')}>
          {removed.values === undefined ? t('save.fate.warningUncounted', { column }) : t('save.fate.warning', { column, count: removed.values })}
        </Alert>
      )}
    </Stack>
  );
}
