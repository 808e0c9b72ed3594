/**
 * A yes/no question before an action that cannot simply be undone (delete, purge, export in clear,
 * cancel an application): the text, a way back and the red confirm button; the close button is named.
 *
 * The modal's code (Mantine's Modal with its focus trap and scroll lock, ~9 KB gzip) is not part of
 * the screens that offer such an action: it is fetched once such a screen has shown, so a screen's
 * first load does not wait for a dialog nobody has asked for yet.
 */
import { Suspense, useState, type ReactNode } from 'react';
import { lazyScreen, usePreload } from '../app/lazyScreen.ts';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What happens if they confirm. */
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  /**
   * The confirmed action removes the control that opened the dialog (a delete, a purge) and moves the
   * focus itself: the dialog then gives it back to nothing (on cancel it still goes back to the control).
   */
  confirmMovesFocus?: boolean;
}

const modal = lazyScreen<ConfirmDialogProps>(() => import('./ConfirmModal.tsx'));

export function ConfirmDialog(props: ConfirmDialogProps) {
  // Once asked for, the modal stays mounted, so it can play its closing transition and return focus.
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  usePreload(modal);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <modal.Screen {...props} />
    </Suspense>
  );
}
