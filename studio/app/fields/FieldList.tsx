/**
 * An ordered list of fields that the editor reorders by dragging (the pointer, or the keyboard: focus a
 * field's handle, Space, the arrows, Space) or with its "Move … up/down" buttons, and whose fields open
 * their editor in place. Used for the form's fields and for a repeating group's row fields; the
 * DragDropContext is the tab's (FieldsTab), so a list only declares where its fields may be dropped.
 */
import { Draggable, Droppable } from '@hello-pangea/dnd';
import { ActionIcon, Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

export interface FieldRow {
  /** The name buttons and regions use: `name`, or `group.name` in a group. */
  key: string;
  /** The English label, or what stands for it while there is none. */
  label: string;
  /** Short facts shown beside the name: "Required", "Shared: fullName", "Step: about". */
  badges: string[];
  /** How many of the generator's problems concern the field. */
  problems: number;
  /** Whether it can move up / down (among its siblings: a condition's fields move among themselves). */
  up: boolean;
  down: boolean;
}

interface FieldListProps {
  /** The Droppable's id: the tab tells lists apart by it when a drag ends. */
  droppableId: string;
  /** The accessible name of the list ("Fields", "Fields of dependents"). */
  label: string;
  rows: FieldRow[];
  /** The key of the row whose editor is open. */
  open: string | null;
  onToggle(key: string): void;
  onMove(key: string, direction: 'up' | 'down'): void;
  /** The editor of the open row, shown under it. */
  editor(key: string): ReactNode;
}

export function FieldList({ droppableId, label, rows, open, onToggle, onMove, editor }: FieldListProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Droppable droppableId={droppableId} type={droppableId}>
      {(drop) => (
        <Stack role="list" aria-label={label} gap="xs" ref={drop.innerRef} {...drop.droppableProps}>
          {rows.map((row, index) => {
            const first = !row.up;
            const last = !row.down;
            const editorId = `field-editor-${droppableId}-${row.key}`.replace(/[^A-Za-z0-9_-]/g, '-');
            return (
              <Draggable key={row.key} draggableId={`${droppableId}:${row.key}`} index={index}>
                {(drag, snapshot) => (
                  <Paper role="listitem" withBorder p="xs" ref={drag.innerRef} {...drag.draggableProps} shadow={snapshot.isDragging ? 'md' : undefined}>
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <ActionIcon component="span" variant="subtle" color="gray" size="lg" {...drag.dragHandleProps} aria-label={t('fields.list.drag', { name: row.key })} style={{ cursor: 'grab' }}>
                        <span aria-hidden="true">⠿</span>
                      </ActionIcon>
                      <Box style={{ flex: 1, minWidth: 0 }}>
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {row.label}
                        </Text>
                        <Group gap={4} wrap="wrap">
                          <Text component="code" size="sm" ff="monospace">
                            {row.key}
                          </Text>
                          {row.badges.map((badge) => (
                            <Badge key={badge} variant="light" size="sm" tt="none">
                              {badge}
                            </Badge>
                          ))}
                          {row.problems > 0 && (
                            <Badge variant="outline" color="red.9" size="sm" tt="none">
                              {t('fields.list.problems', { count: row.problems })}
                            </Badge>
                          )}
                        </Group>
                      </Box>
                      <Group gap={4} wrap="wrap" justify="flex-end">
                        {/* aria-disabled rather than disabled: the button keeps the keyboard's focus when its
                            field reaches the end of the list. */}
                        <ActionIcon variant="default" size="lg" aria-label={t('fields.list.moveUp', { name: row.key })} aria-disabled={first || undefined} data-disabled={first || undefined} onClick={() => !first && onMove(row.key, 'up')}>
                          <span aria-hidden="true">↑</span>
                        </ActionIcon>
                        <ActionIcon variant="default" size="lg" aria-label={t('fields.list.moveDown', { name: row.key })} aria-disabled={last || undefined} data-disabled={last || undefined} onClick={() => !last && onMove(row.key, 'down')}>
                          <span aria-hidden="true">↓</span>
                        </ActionIcon>
                        <Button size="compact-md" variant={open === row.key ? 'filled' : 'light'} aria-label={t('fields.list.edit', { name: row.key })} aria-expanded={open === row.key} aria-controls={open === row.key ? editorId : undefined} onClick={() => onToggle(row.key)}>
                          {t('fields.list.editShort')}
                        </Button>
                      </Group>
                    </Group>
                    {open === row.key && (
                      <Box id={editorId} mt="sm">
                        {editor(row.key)}
                      </Box>
                    )}
                  </Paper>
                )}
              </Draggable>
            );
          })}
          {drop.placeholder}
        </Stack>
      )}
    </Droppable>
  );
}
