/**
 * One uploaded file on the application page: its name with links to open and to download it, and a
 * preview a browser can show (an image inline, a PDF in a frame). The file is protected: its URL carries
 * the staff file token (useFileToken.ts). A PDF is served as a download (pb_hooks/files.pb.js) under
 * PocketBase's sandbox, so the page fetches its bytes and frames them as a blob of our own (the site's
 * CSP allows blob: frames, pb_hooks/lib/csp.js). Other types (HEIC, Word) have no preview, only the links.
 */
import { Anchor, Group, Image, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

const IMAGE = /\.(png|jpe?g|gif|webp)$/i;
const PDF = /\.pdf$/i;

export const previewKind = (name: string): 'image' | 'pdf' | null => (IMAGE.test(name) ? 'image' : PDF.test(name) ? 'pdf' : null);

/** The same file as a download (PocketBase's own `download` query parameter). */
const downloadUrl = (url: string) => `${url}${url.includes('?') ? '&' : '?'}download=1`;

interface Props {
  /** The stored name (PocketBase adds a random suffix). */
  name: string;
  /** The field's label, to name the preview. */
  label: string;
  /** The file's URL with the token; '' while no token has come. */
  url: string;
  /** Show the preview (the print view shows images but frames no PDF: a frame does not print). */
  previews?: { pdf: boolean };
}

export function FilePreview({ name, label, url, previews = { pdf: true } }: Props) {
  const intl = useIntl();
  const kind = previewKind(name);
  const title = intl.formatMessage({ id: 'staff.application.files.preview' }, { field: label, name });
  return (
    <Stack gap={6} component="figure" m={0} data-file={name} data-preview={kind ?? 'none'}>
      <Text size="sm" component="figcaption" style={{ wordBreak: 'break-all' }}>
        <Text span fw={600} size="sm">
          {label}
        </Text>
        {': '}
        {name}
      </Text>
      {url && kind === 'image' && (
        <Image src={url} alt={title} maw="100%" mah={480} w="auto" fit="contain" radius="sm" loading="lazy" data-testid="image-preview" style={{ alignSelf: 'flex-start' }} />
      )}
      {url && kind === 'pdf' && previews.pdf && <PdfFrame url={url} title={title} />}
      {url && (
        <Group gap="md" className="print-hide">
          <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" aria-label={intl.formatMessage({ id: 'staff.application.files.open' }, { name })}>
            <FormattedMessage id="staff.application.files.openShort" />
          </Anchor>
          <Anchor href={downloadUrl(url)} size="sm" aria-label={intl.formatMessage({ id: 'staff.application.files.download' }, { name })}>
            <FormattedMessage id="staff.application.files.downloadShort" />
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The PDF's bytes, fetched once for the file (not again when the token is renewed), framed as a blob;
 * the blob is released when the preview goes.
 */
function PdfFrame({ url, title }: { url: string; title: string }) {
  const [blob, setBlob] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // The URL as the frame first came: a renewed token makes a new URL for the same bytes.
  const [first] = useState(url);
  useEffect(() => {
    let live = true;
    let made = '';
    fetch(first)
      .then((res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return res.arrayBuffer();
      })
      .then((bytes) => {
        if (!live) return;
        made = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
        setBlob(made);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [first]);
  if (failed)
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="staff.application.files.noPreview" />
      </Text>
    );
  if (!blob) return null;
  return <iframe src={blob} title={title} data-testid="pdf-preview" style={{ width: '100%', height: 480, border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }} />;
}
