/**
 * "Save and continue later": a button beside the form's own, which opens a dialog asking where to e-mail
 * the resume link (the form's e-mail answer offered). The dialog's code (Mantine's modal) is a chunk of
 * its own, fetched once the form has shown, like every dialog of the site (components/ConfirmDialog.tsx).
 */
import { Button } from '@mantine/core';
import { Suspense, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { lazyScreen, usePreload } from '../../../app/lazyScreen.ts';
import type { SaveRequest } from './draftApi.ts';

export interface SaveForLaterProps {
  collection: string;
  /** The request as it stands when the dialog sends it (the answers, the address, the step), without the e-mail. */
  request: () => Omit<SaveRequest, 'email'>;
  /** The form's own e-mail answer, offered as the address. */
  email: string;
  disabled?: boolean;
}

export interface SaveForLaterDialogProps extends SaveForLaterProps {
  opened: boolean;
  onClose: () => void;
}

const dialog = lazyScreen<SaveForLaterDialogProps>(() => import('./SaveForLaterDialog.tsx'));

export function SaveForLater(props: SaveForLaterProps) {
  const [opened, setOpened] = useState(false);
  // Once asked for, the dialog stays mounted, so it can play its closing transition and give the focus back.
  const [wanted, setWanted] = useState(false);
  usePreload(dialog);
  return (
    <>
      <Button
        type="button"
        variant="subtle"
        disabled={props.disabled}
        onClick={() => {
          setWanted(true);
          setOpened(true);
        }}
        data-testid="save-for-later"
      >
        <FormattedMessage id="drafts.save.button" />
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <dialog.Screen {...props} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
