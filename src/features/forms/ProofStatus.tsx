/**
 * "Running a short security check…" while a send waits for its proof of work (src/engine/proofOfWork.ts).
 * The live region is always in the page and only its text comes and goes, so screen readers announce
 * it, politely (role="status").
 */
import { Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

export function ProofStatus({ checking }: { checking: boolean }) {
  return (
    <div role="status" data-testid="proof-status">
      {checking && (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="form.checking" />
        </Text>
      )}
    </div>
  );
}
