/**
 * The evidence of an application's agreements (pb_hooks/lib/agreements.js): per document, the version
 * and the SHA-256 of the exact text shown, the language it was read in, whether it was signed and the
 * name typed to sign it, when (with the applicant's time zone, as the cancellation window counts it)
 * and from which address. The signed copy's PDF beside it.
 */
import { Paper, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CSSProperties, ReactNode } from 'react';
import { row, small, term } from '../cardStyles.ts';
import type { SignatureEntry } from './loadApplication.ts';

const mono: CSSProperties = { ...small, fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' };

function Row({ label, children, name }: { label: string; children: ReactNode; name: string }) {
  return (
    <div style={row} data-evidence={name}>
      <dt style={term}>
        <FormattedMessage id={label} />
      </dt>
      <dd style={{ ...small, wordBreak: 'break-word' }}>{children}</dd>
    </div>
  );
}

/** The time of a signature, with its zone named ("December 1, 2026 at 2:05:06 PM CST"). */
export function signedAt(created: string, timeZone: string | undefined, locale: string): string {
  const at = new Date(created.replace(' ', 'T'));
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'long' };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: timeZone || undefined }).format(at);
  } catch {
    // A zone this browser does not know: the reader's own, still named.
    return new Intl.DateTimeFormat(locale, options).format(at);
  }
}

export function SignatureEvidence({ signatures, timeZone }: { signatures: SignatureEntry[]; timeZone?: string }) {
  const intl = useIntl();
  if (signatures.length === 0)
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="staff.application.signature.none" />
      </Text>
    );
  const language = (code: string) => {
    try {
      return new Intl.DisplayNames([intl.locale], { type: 'language' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
  return (
    <Stack gap="sm">
      {signatures.map((s) => (
        <Paper key={s.id} withBorder p="xs" component="dl" m={0} style={{ display: 'grid', gap: 4 }} data-document={s.document} data-signed={s.signed ? 'true' : 'false'}>
          <Row name="document" label="staff.application.signature.document">
            <span style={mono}>{s.document}</span>
          </Row>
          <Row name="version" label="staff.application.signature.version">
            {s.version}
          </Row>
          <Row name="signed" label="staff.application.signature.signedBy">
            {s.signed ? <strong>{s.signedName}</strong> : <FormattedMessage id="staff.application.signature.readOnly" />}
          </Row>
          <Row name="at" label={s.signed ? 'staff.application.signature.signedAt' : 'staff.application.signature.shownAt'}>
            {signedAt(s.created, timeZone, intl.locale)}
          </Row>
          <Row name="language" label="staff.application.signature.language">
            {language(s.language)}
          </Row>
          <Row name="hash" label="staff.application.signature.hash">
            <span style={mono}>{s.hash}</span>
          </Row>
          <Row name="ip" label="staff.application.signature.ip">
            <span style={mono}>{s.ip || intl.formatMessage({ id: 'admin.empty.value' })}</span>
          </Row>
        </Paper>
      ))}
    </Stack>
  );
}
