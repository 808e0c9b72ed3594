/**
 * How the staff card (admin.ui.json) shows the field: at all, with a copy button, and as what (a date as
 * stored text, an e-mail or phone as a link, a file).
 */
import { Checkbox, Group, NativeSelect } from '@mantine/core';
import { useIntl } from 'react-intl';
import { setStaffCard, staffCardOf, type StaffCard } from '../../model/constraints.ts';
import { useDraft } from '../draft/DraftContext.tsx';
import { STAFF_DISPLAYS } from './editorKind.ts';
import type { FieldFacts } from './useField.ts';

export function StaffCardControls({ field }: { field: FieldFacts }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { draft, apply } = useDraft();
  const { ref } = field;
  const card = staffCardOf(draft, ref);
  return (
    <Group gap="md" align="flex-end" wrap="wrap" role="group" aria-label={t('fields.staff.heading')}>
      <Checkbox
        label={t('fields.staff.shown')}
        checked={card.shown}
        onChange={(event) => {
          const shown = event.currentTarget.checked;
          apply((d) => setStaffCard(d, ref, { shown }));
        }}
      />
      <Checkbox
        label={t('fields.staff.copy')}
        checked={card.copy}
        disabled={!card.shown}
        onChange={(event) => {
          const copy = event.currentTarget.checked;
          apply((d) => setStaffCard(d, ref, { copy }));
        }}
      />
      <NativeSelect
        label={t('fields.staff.display')}
        disabled={!card.shown}
        value={card.display ?? ''}
        onChange={(event) => {
          const display = event.currentTarget.value as NonNullable<StaffCard['display']> | '';
          apply((d) => setStaffCard(d, ref, { display: display === '' ? null : display }));
        }}
        data={[{ value: '', label: t('fields.staff.display.default') }, ...STAFF_DISPLAYS.map((value) => ({ value, label: t(`fields.staff.display.${value}`) }))]}
      />
    </Group>
  );
}
