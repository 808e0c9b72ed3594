/**
 * The application as a PDF for the paper file (GET /api/formwork/staff/application-pdf/…, in the staff
 * member's language): fetched with the sign-in in a header, since a session key may not go into a URL a
 * server logs, and saved from memory. An admin may ask for it with the SSN in clear (`reveal`), which the
 * server writes to the audit log.
 */
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { pb } from '../../../config/pocketbase.ts';
import { saveDownload } from '../../../engine/saveDownload.ts';

interface Props {
  collection: string;
  id: string;
  fileName: string;
  reveal?: boolean;
  label: string;
  onSessionLost: (err: unknown) => void;
}

export function pdfPath(collection: string, id: string, lang: string, reveal: boolean): string {
  const query = new URLSearchParams({ lang });
  if (reveal) query.set('reveal', '1');
  return `/api/formwork/staff/application-pdf/${encodeURIComponent(collection)}/${encodeURIComponent(id)}?${query}`;
}

export function PdfButton({ collection, id, fileName, reveal = false, label, onSessionLost }: Props) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const status = await saveDownload(pb.buildURL(pdfPath(collection, id, intl.locale, reveal)), { Authorization: pb.authStore.token }, fileName);
      if (status === 401) return onSessionLost({ status: 401 });
      if (status >= 300) throw new Error(`HTTP ${status}`);
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="default" size="compact-sm" loading={busy} onClick={() => void download()} data-testid={reveal ? 'pdf-download-clear' : 'pdf-download'}>
        <FormattedMessage id={label} />
      </Button>
      <Text role="status" size="sm" c="red.9" component="span">
        {failed && <FormattedMessage id="staff.application.pdf.failed" />}
      </Text>
    </>
  );
}
