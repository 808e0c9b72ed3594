/**
 * A yes/no question before an action that cannot simply be undone (delete, purge, export in clear,
 * cancel an application): the text, a way back and the red confirm button; the close button is named.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

interface Props {
  opened: boolean;
  title: string;
  /** What happens if they confirm. */
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ConfirmDialog({ opened, title, children, cancelLabel, confirmLabel, onCancel, onConfirm }: Props) {
  const intl = useIntl();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'admin.cancel' }) }} centered>
      <Stack>
        <Text>{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button color="red.9" onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
