/**
 * A repeating group: how many rows it takes, the texts of its add button and row titles, and the fields
 * of a row (single values only), listed, reordered and edited like the form's own fields.
 */
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { setLimit, type LimitName } from '../../model/constraints.ts';
import { addField, moveField } from '../../model/fields.ts';
import { fieldList } from '../../model/fieldList.ts';
import { setText } from '../../model/texts.ts';
import { useDraft } from '../draft/DraftContext.tsx';
import { AddFieldModal } from './AddFieldModal.tsx';
import { CheckedInput, formatNumber, wholeNumber } from './CheckedInput.tsx';
import { FieldEditor } from './FieldEditor.tsx';
import { FieldList } from './FieldList.tsx';
import { useFieldProblemCount } from './problemCount.ts';
import { rowsOf } from './rows.ts';
import type { FieldFacts } from './useField.ts';

/** The Droppable id of a group's row fields (FieldsTab routes a drop by it). */
export const itemsDroppable = (group: string) => `items:${group}`;

export function GroupControls({ field }: { field: FieldFacts }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { draft, apply } = useDraft();
  const problemCount = useFieldProblemCount();
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const { ref, schema, textPrefix } = field;
  const items = fieldList(draft).find((item) => item.ref === ref)?.items ?? [];
  const english = (key: string) => {
    const value = draft.files['i18n/en.json']?.[key];
    return typeof value === 'string' ? value : '';
  };
  const limit = (name: LimitName, label: string) => (
    <CheckedInput label={t(label)} value={typeof schema[name] === 'number' ? (schema[name] as number) : null} format={formatNumber} parse={wholeNumber(t('fields.editor.wholeNumber'))} inputMode="numeric" onCommit={(value) => apply((d) => setLimit(d, ref, name, value))} />
  );
  const text = (suffix: string, label: string, help?: string) => (
    <TextInput
      label={t(label)}
      description={help ? t(help) : undefined}
      value={english(`${textPrefix}.${suffix}`)}
      onChange={(event) => {
        const value = event.currentTarget.value;
        apply((d) => setText(d, 'en', `${textPrefix}.${suffix}`, value));
      }}
    />
  );

  return (
    <Stack gap="sm">
      {limit('maxItems', 'fields.group.maxRows')}
      {limit('minItems', 'fields.group.minRows')}
      {text('add', 'fields.group.addText')}
      {text('row', 'fields.group.rowText', 'fields.group.rowTextHelp')}
      <Text fw={600} size="sm">
        {t('fields.group.items', { name: ref })}
      </Text>
      {items.length === 0 ? (
        <Text size="sm">{t('fields.group.noItems')}</Text>
      ) : (
        <FieldList
          droppableId={itemsDroppable(ref)}
          label={t('fields.group.items', { name: ref })}
          rows={rowsOf(items, intl, problemCount)}
          open={open}
          onToggle={(key) => setOpen((last) => (last === key ? null : key))}
          onMove={(key, direction) => apply((d) => moveField(d, key, direction))}
          editor={(key) => <FieldEditor fieldRef={key} onRemoved={() => setOpen(null)} />}
        />
      )}
      <div>
        <Button variant="light" onClick={() => setAdding(true)}>
          {t('fields.group.add', { name: ref })}
        </Button>
      </div>
      <AddFieldModal
        opened={adding}
        group={ref}
        taken={items.map((item) => item.name)}
        onClose={() => setAdding(false)}
        onAdd={(added) => {
          apply((d) => addField(d, { name: added.name, kind: added.kind, label: added.label || undefined }, ref));
          setOpen(`${ref}.${added.name}`);
        }}
      />
    </Stack>
  );
}
