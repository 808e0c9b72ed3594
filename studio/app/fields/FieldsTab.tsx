/**
 * The Fields tab: the form's fields in order, reordered by dragging (pointer or keyboard, announced in the
 * studio's language) or by the move buttons, each opening its editor in place, and "Add field".
 */
import { DragDropContext, type DragStart, type DragUpdate, type DropResult, type ResponderProvided } from '@hello-pangea/dnd';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { addField, moveField } from '../../model/fields.ts';
import { fieldList, type FieldItem } from '../../model/fieldList.ts';
import { useDraft } from '../draft/DraftContext.tsx';
import { AddFieldModal } from './AddFieldModal.tsx';
import { FieldEditor } from './FieldEditor.tsx';
import { FieldList } from './FieldList.tsx';
import { useFieldProblemCount } from './problemCount.ts';
import { siblingIndexAt } from './moves.ts';
import { rowsOf } from './rows.ts';

/** The Droppable id of the form's own fields; a group's row fields use `items:<group>` (GroupControls). */
export const FIELDS_DROPPABLE = 'fields';

/** The fields a list holds, by its Droppable id. */
function listOf(items: readonly FieldItem[], droppableId: string): readonly FieldItem[] {
  if (droppableId === FIELDS_DROPPABLE) return items;
  const group = droppableId.slice('items:'.length);
  return items.find((item) => item.ref === group)?.items ?? [];
}

/** The field reference a Draggable id holds (`<droppable>:<ref>`). */
const refOf = (draggableId: string, droppableId: string) => draggableId.slice(droppableId.length + 1);

export function FieldsTab() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { draft, apply } = useDraft();
  const problemCount = useFieldProblemCount();
  const [open, setOpen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const items = fieldList(draft);

  // What a screen reader hears while a field is dragged, in the studio's language (the library's own
  // announcements are English only).
  const facts = (draggableId: string, droppableId: string) => ({ name: refOf(draggableId, droppableId), count: listOf(items, droppableId).length });
  const onDragStart = (start: DragStart, provided: ResponderProvided) => {
    provided.announce(t('fields.drag.lifted', { ...facts(start.draggableId, start.source.droppableId), position: start.source.index + 1 }));
  };
  const onDragUpdate = (update: DragUpdate, provided: ResponderProvided) => {
    const about = facts(update.draggableId, update.source.droppableId);
    provided.announce(update.destination ? t('fields.drag.moved', { ...about, position: update.destination.index + 1 }) : t('fields.drag.outside', about));
  };
  const onDragEnd = (result: DropResult, provided: ResponderProvided) => {
    const { source, destination, draggableId } = result;
    const about = facts(draggableId, source.droppableId);
    if (result.reason === 'CANCEL' || !destination || destination.droppableId !== source.droppableId) {
      provided.announce(t('fields.drag.cancelled', { ...about, position: source.index + 1 }));
      return;
    }
    provided.announce(t('fields.drag.dropped', { ...about, from: source.index + 1, position: destination.index + 1 }));
    const to = siblingIndexAt(listOf(items, source.droppableId), about.name, destination.index);
    if (to !== null) apply((d) => moveField(d, about.name, to));
  };

  return (
    <Stack gap="md">
      <DragDropContext onDragStart={onDragStart} onDragUpdate={onDragUpdate} onDragEnd={onDragEnd} dragHandleUsageInstructions={t('fields.drag.instructions')}>
        {items.length === 0 ? (
          <Text>{t('fields.list.empty')}</Text>
        ) : (
          <FieldList
            droppableId={FIELDS_DROPPABLE}
            label={t('fields.list.label')}
            rows={rowsOf(items, intl, problemCount)}
            open={open}
            onToggle={(key) => setOpen((last) => (last === key ? null : key))}
            onMove={(key, direction) => apply((d) => moveField(d, key, direction))}
            editor={(key) => <FieldEditor fieldRef={key} onRemoved={() => setOpen(null)} />}
          />
        )}
      </DragDropContext>
      <Group>
        <Button onClick={() => setAdding(true)}>{t('fields.add.button')}</Button>
      </Group>
      <AddFieldModal
        opened={adding}
        taken={items.map((item) => item.name)}
        onClose={() => setAdding(false)}
        onAdd={(added) => {
          apply((d) => addField(d, { name: added.name, kind: added.kind, label: added.label || undefined }));
          setOpen(added.name);
        }}
      />
    </Stack>
  );
}
