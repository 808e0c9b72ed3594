/**
 * Above a form that opened with answers given back: where they came from (this browser, when; or the
 * e-mailed link), what was not kept (sensitive answers and files, on forms that have them), and
 * "Start again", which empties the form and forgets the stored answers. A status region, so a screen
 * reader says it without taking the focus from the page's heading.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { StoredDraft } from './draftStore.ts';

export interface DraftNoticeProps {
  restored: Pick<StoredDraft, 'savedAt' | 'from'>;
  /** The form has fields no draft keeps. */
  unkeptFields: boolean;
  onStartAgain: () => void;
  onDismiss: () => void;
}

export function DraftNotice({ restored, unkeptFields, onStartAgain, onDismiss }: DraftNoticeProps) {
  const intl = useIntl();
  const when = intl.formatDate(restored.savedAt, { day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' });
  return (
    <Alert
      color="blue"
      role="status"
      title={intl.formatMessage({ id: 'drafts.restored.title' })}
      withCloseButton
      onClose={onDismiss}
      closeButtonLabel={intl.formatMessage({ id: 'alert.close' })}
      data-testid="draft-notice"
      data-from={restored.from}
    >
      <Text size="sm">
        {restored.from === 'link' ? <FormattedMessage id="drafts.restored.link" /> : <FormattedMessage id="drafts.restored.browser" values={{ when }} />}
      </Text>
      {unkeptFields && (
        <Text size="sm" mt={4}>
          <FormattedMessage id="drafts.notKept" />
        </Text>
      )}
      <Group mt="xs">
        <Button size="xs" variant="default" onClick={onStartAgain}>
          <FormattedMessage id="drafts.startAgain" />
        </Button>
      </Group>
    </Alert>
  );
}
