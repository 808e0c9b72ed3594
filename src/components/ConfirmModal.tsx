/**
 * ConfirmDialog's modal (components/ConfirmDialog.tsx loads this module when it is first wanted).
 * It mounts closed and opens on its next render: Mantine's modal notes the element that had focus
 * when `opened` turns true, and gives focus back to it on close, but only for a change after mount.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ConfirmDialogProps } from './ConfirmDialog.tsx';

export default function ConfirmModal({ opened, title, children, cancelLabel, confirmLabel, onCancel, onConfirm, confirmMovesFocus = false }: ConfirmDialogProps) {
  const intl = useIntl();
  const [mounted, setMounted] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the render after mount is the point: Mantine notes the focus to give back only when `opened` turns true after its mount
  useEffect(() => setMounted(true), []);
  // Mantine gives the focus back 10 ms after closing, to the control that opened the dialog; after a
  // confirmed delete that control is about to go, and giving it the focus would race the screen's own move.
  const [returnFocus, setReturnFocus] = useState(true);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setReturnFocus(true);
  }
  const confirm = () => {
    if (confirmMovesFocus) setReturnFocus(false);
    onConfirm();
  };
  return (
    <Modal
      opened={mounted && opened}
      onClose={onCancel}
      returnFocus={returnFocus}
      title={title}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'admin.cancel' }) }}
      centered
    >
      <Stack>
        <Text>{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button color="red.9" onClick={confirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
