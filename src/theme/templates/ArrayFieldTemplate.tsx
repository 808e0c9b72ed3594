/**
 * A repeating group (design §2): a fieldset named by the group's label, one fieldset per row named by
 * its title ("Dependent 2"), each row with Move up, Move down and Remove buttons named for their row
 * ("Remove Dependent 2"), and the group's own Add button ("Add a dependent"), which RJSF hides once
 * maxItems rows are there (canAdd). The words come made from localizeForm (ui:options addLabel,
 * rowTitles). Keyboard focus follows what was done: after Add to the new row's first input, after
 * Remove to the row that took its place (else the one before, else Add), after a move to the moved
 * row's same button.
 */
import { Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps } from '@rjsf/utils';
import { useLayoutEffect, useRef, type MouseEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

interface GroupOptions {
  addLabel?: string;
  rowTitles?: string[];
}

type Action = { action: 'add' | 'remove' | 'moveUp' | 'moveDown'; index: number };

const FOCUSABLE = 'input:not([type=hidden]), select, textarea, button';

export default function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { items, canAdd, onAddClick, title, uiSchema, disabled, readonly, fieldPathId, required } = props;
  const options = (uiSchema?.['ui:options'] ?? {}) as GroupOptions;
  const help = uiSchema?.['ui:help'] as string | undefined;
  const root = useRef<HTMLFieldSetElement>(null);
  const last = useRef<Action | null>(null);
  const count = items.length;

  // After the rows changed: the focus goes where the action leads (see above).
  useLayoutEffect(() => {
    const done = last.current;
    last.current = null;
    if (!done || !root.current) return;
    const rows = [...root.current.querySelectorAll<HTMLElement>('[data-row]')];
    const firstInput = (row?: HTMLElement) => row?.querySelector<HTMLElement>(FOCUSABLE);
    const add = root.current.querySelector<HTMLElement>('[data-action=add]');
    if (done.action === 'add') firstInput(rows[rows.length - 1])?.focus();
    else if (done.action === 'remove') (firstInput(rows[Math.min(done.index, rows.length - 1)]) ?? add)?.focus();
    else {
      const to = rows[done.action === 'moveUp' ? done.index - 1 : done.index + 1];
      const same = to?.querySelector<HTMLButtonElement>(`[data-action=${done.action}]`);
      (same && !same.disabled ? same : to?.querySelector<HTMLElement>('[data-action=moveUp]:not(:disabled), [data-action=moveDown]:not(:disabled)'))?.focus();
    }
  }, [count, items]);

  // Which button of which row was pressed, read on its way down (the buttons are RJSF's item template's).
  const noteAction = (event: MouseEvent) => {
    const button = (event.target as Element).closest<HTMLElement>('[data-action]');
    if (button) last.current = { action: button.dataset.action as Action['action'], index: Number(button.dataset.index ?? -1) };
  };

  return (
    <Fieldset ref={root} legend={title ? <>{title}{required ? ' *' : ''}</> : undefined} variant="unstyled" onClickCapture={noteAction} id={fieldPathId.$id}>
      {help && (
        <Text size="sm" c="dimmed" mb="xs">
          {help}
        </Text>
      )}
      <Stack gap="sm">
        {count === 0 && (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="form.group.empty" />
          </Text>
        )}
        {items}
      </Stack>
      {canAdd && !readonly && (
        <Button type="button" variant="light" mt="sm" onClick={onAddClick} disabled={disabled} data-action="add">
          {options.addLabel}
        </Button>
      )}
    </Fieldset>
  );
}

/** One row: a fieldset named by the row's title, its cells, then its buttons. */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, index, parentUiSchema, hasToolbar } = props;
  const intl = useIntl();
  const titles = ((parentUiSchema?.['ui:options'] ?? {}) as GroupOptions).rowTitles ?? [];
  const row = titles[index] ?? String(index + 1);
  const { hasMoveUp, hasMoveDown, hasRemove, onMoveUpItem, onMoveDownItem, onRemoveItem, disabled, readonly, totalItems } = buttonsProps;
  const off = disabled || readonly;
  const say = (id: string) => intl.formatMessage({ id }, { row });
  return (
    <Fieldset legend={row} data-row={index}>
      {children}
      {hasToolbar && (
        <Group gap="xs">
          {/* Both moves whenever there is more than one row, the one that cannot move disabled (RJSF says which). */}
          {totalItems > 1 && (
            <Button type="button" size="xs" variant="default" disabled={off || !hasMoveUp} onClick={onMoveUpItem} data-action="moveUp" data-index={index} aria-label={say('form.group.moveUp')}>
              ↑
            </Button>
          )}
          {totalItems > 1 && (
            <Button type="button" size="xs" variant="default" disabled={off || !hasMoveDown} onClick={onMoveDownItem} data-action="moveDown" data-index={index} aria-label={say('form.group.moveDown')}>
              ↓
            </Button>
          )}
          {hasRemove && (
            <Button type="button" size="xs" variant="subtle" color="red.9" disabled={off} onClick={onRemoveItem} data-action="remove" data-index={index}>
              {say('form.group.remove')}
            </Button>
          )}
        </Group>
      )}
    </Fieldset>
  );
}
