/**
 * The editor of one field, opened under it in the list: its English texts, whether it is required, the
 * rules its kind takes, its options, files or rows, its example and privacy category, when it is shown,
 * what it makes required, its autofill hint, how the staff card shows it, and its removal. Each control
 * is one of the model's edits; the generator's problems with the field are shown at the top.
 */
import { Checkbox, Divider, Stack, TextInput, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { setRequired } from '../../model/constraints.ts';
import { setText } from '../../model/texts.ts';
import { useDraft } from '../draft/DraftContext.tsx';
import { FieldProblems } from '../draft/FieldProblems.tsx';
import { ConditionControls } from './ConditionControls.tsx';
import { ExampleAndPrivacy } from './ExampleAndPrivacy.tsx';
import { FileRulesControls } from './FileRulesControls.tsx';
import { GroupControls } from './GroupControls.tsx';
import { LimitControls } from './LimitControls.tsx';
import { OptionsControls } from './OptionsControls.tsx';
import { RemoveField } from './RemoveField.tsx';
import { StaffCardControls } from './StaffCardControls.tsx';
import { useField } from './useField.ts';

export function FieldEditor({ fieldRef, onRemoved }: { fieldRef: string; onRemoved(): void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { draft, apply } = useDraft();
  const field = useField(fieldRef);
  if (!field) return null;
  const { ref, kind, textPrefix, location, group } = field;
  const english = (key: string) => {
    const value = draft.files['i18n/en.json']?.[key];
    return typeof value === 'string' ? value : '';
  };

  return (
    <Stack gap="sm" role="group" aria-label={t('fields.editor.region', { name: ref })}>
      <Title order={3} size="h5">
        {t('fields.editor.heading', { name: ref })}
      </Title>
      <FieldProblems file="form.schema.json" pointer={location.pointer} />
      <FieldProblems file="form.ui.json" pointer={group ? `/${group}/items/${field.name}` : `/${field.name}`} />
      <TextInput
        label={t('fields.editor.label')}
        description={field.shared ? t('fields.editor.labelSharedHelp') : undefined}
        value={english(`${textPrefix}.label`)}
        onChange={(event) => {
          const value = event.currentTarget.value;
          apply((d) => setText(d, 'en', `${textPrefix}.label`, value));
        }}
      />
      <TextInput
        label={t('fields.editor.help')}
        value={english(`${textPrefix}.help`)}
        onChange={(event) => {
          const value = event.currentTarget.value;
          apply((d) => setText(d, 'en', `${textPrefix}.help`, value));
        }}
      />
      <Checkbox
        label={t('fields.editor.required')}
        description={location.branch !== undefined ? t('fields.editor.requiredInBranch') : undefined}
        checked={location.required}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          apply((d) => setRequired(d, ref, on));
        }}
      />
      <LimitControls field={field} />
      {kind === 'choice' && <OptionsControls field={field} />}
      {(kind === 'file' || kind === 'files') && <FileRulesControls field={field} />}
      {kind === 'group' && <GroupControls field={field} />}
      <ExampleAndPrivacy field={field} />
      {!group && (
        <>
          <Divider />
          <ConditionControls field={field} />
          <StaffCardControls field={field} />
        </>
      )}
      <Divider />
      <RemoveField field={field} onRemoved={onRemoved} />
    </Stack>
  );
}
