/**
 * A download of an application's agreement as signed: the same PDF its agreement e-mail carries
 * (pb_hooks/agreementPdf.pb.js), for the applicant (their token) and for staff (their sign-in). Neither
 * key may go into a URL a server logs, so a plain link cannot fetch it: the button fetches the file with
 * the key in a header and saves it from memory.
 */
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { pb } from '../../config/pocketbase.ts';
import { saveDownload } from '../../engine/saveDownload.ts';

interface Props {
  /** The API path of the PDF. */
  path: string;
  /** The header that carries the key (X-Application-Token, or Authorization). */
  headers: Record<string, string>;
  fileName: string;
}

export function SignedCopyButton({ path, headers, fileName }: Props) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const status = await saveDownload(pb.buildURL(path), headers, fileName);
      if (status >= 300) throw new Error(`HTTP ${status}`);
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="sm">
      <Button variant="light" size="compact-sm" loading={busy} onClick={() => void download()} data-testid="signed-copy">
        <FormattedMessage id="agreements.download" />
      </Button>
      <Text role="status" size="sm" c="red.9">
        {failed && <FormattedMessage id="agreements.download.failed" />}
      </Text>
    </Group>
  );
}
