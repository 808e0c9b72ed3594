/**
 * The documents of a service's agreements (registry: service.agreements), shown before the submit
 * button: each in full, at the form's width (a contract is read, not scrolled through in a small box),
 * with a link to the same text as a PDF (pb_hooks/agreementPdf.pb.js), then the signature: the
 * cancellation statement in bold beside it, the typed full name and the box. What is shown is exactly
 * the text the generator hashed; the hashes go back to the server with the signature.
 */
import { Anchor, Box, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { MessagePart } from '../../app/locale.tsx';
import { agreementsPart } from '../../../shared/messageParts.ts';
import { textBlocks, type Span } from '../../engine/agreementText.ts';
import type { Agreements as AgreementsConfig, Locale } from '../../engine/types.ts';

export interface SignatureState {
  name: string;
  accepted: boolean;
}

export interface SignatureProblems {
  name?: string;
  accepted?: string;
}

const ACCEPTED_ERROR_ID = 'root_signatureAccepted-error';

const spanNodes = (spans: Span[]): ReactNode => spans.map((s, i) => (s.bold ? <strong key={i}>{s.text}</strong> : <Fragment key={i}>{s.text}</Fragment>));

function DocumentText({ body }: { body: string }) {
  return (
    <>
      {textBlocks(body).map((b, i) =>
        b.kind === 'heading' ? (
          <Title key={i} order={3} size="h5" mt="sm">
            {spanNodes(b.spans)}
          </Title>
        ) : b.kind === 'list' ? (
          <Box key={i} component="ul" my={4} pl="lg">
            {b.items.map((item, j) => (
              <Text key={j} component="li">
                {spanNodes(item)}
              </Text>
            ))}
          </Box>
        ) : (
          <Text key={i} my={8} style={{ whiteSpace: 'pre-line' }}>
            {spanNodes(b.spans)}
          </Text>
        ),
      )}
    </>
  );
}

/** The current text of a document as a PDF to read before signing (pb_hooks/agreementPdf.pb.js). */
export const agreementPdfUrl = (serviceId: string, documentId: string, locale: Locale): string =>
  `/api/formwork/agreement-pdf/${encodeURIComponent(serviceId)}/${encodeURIComponent(documentId)}/${locale}`;

interface Props {
  ns: string;
  serviceId: string;
  locale: Locale;
  agreements: AgreementsConfig;
  value: SignatureState;
  onChange: (value: SignatureState) => void;
  problems: SignatureProblems;
  disabled: boolean;
}

/**
 * The documents travel in a part of the messages of their own (shared/messageParts.ts): the route loads
 * it ahead (app/routes.tsx); rendered elsewhere, the documents and the signature show once it has come.
 */
export function Agreements(props: Props) {
  return (
    <MessagePart name={agreementsPart(props.ns)}>
      <AgreementsShown {...props} />
    </MessagePart>
  );
}

function AgreementsShown({ ns, serviceId, locale, agreements, value, onChange, problems, disabled }: Props) {
  const intl = useIntl();
  // A document's text is one literal element (shared/messageParts.ts), which formatMessage returns as
  // it is: exactly the text the generator hashed.
  const raw = (key: string) => intl.formatMessage({ id: key });
  return (
    <Stack gap="md" mt="md" data-testid="agreements">
      {agreements.documents.map((doc) => {
        const title = raw(`${ns}.agreements.${doc.id}.title`);
        return (
          <section key={doc.id} aria-labelledby={`agreement-${doc.id}`} data-agreement={doc.id} data-version={doc.version}>
            <Group justify="space-between" align="baseline" gap="xs">
              <Title order={2} size="h4" id={`agreement-${doc.id}`}>
                {title}
              </Title>
              <Anchor href={agreementPdfUrl(serviceId, doc.id, locale)} download size="sm" data-testid={`agreement-pdf-${doc.id}`}>
                {intl.formatMessage({ id: 'agreements.pdf.link' }, { title })}
              </Anchor>
            </Group>
            <Box mt={4} pb="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-4)' }}>
              <DocumentText body={raw(`${ns}.agreements.${doc.id}.text`)} />
            </Box>
          </section>
        );
      })}
      <Stack gap="xs" className="formwork-signature">
        {agreements.businessDays > 0 && (
          <Text fw={700} data-testid="cancel-statement">
            {intl.formatMessage({ id: 'agreements.cancelStatement' })}
          </Text>
        )}
        <TextInput
          label={intl.formatMessage({ id: 'agreements.name' })}
          description={intl.formatMessage({ id: 'agreements.name.help' })}
          required
          autoComplete="name"
          maxLength={200}
          value={value.name}
          disabled={disabled}
          error={problems.name}
          onChange={(e) => onChange({ ...value, name: e.currentTarget.value })}
          id="root_signatureName"
        />
        {/* Mantine's Checkbox neither marks itself invalid nor gives its error an id to describe it by. */}
        <Checkbox
          label={intl.formatMessage({ id: 'agreements.accept' })}
          checked={value.accepted}
          disabled={disabled}
          error={problems.accepted && <span id={ACCEPTED_ERROR_ID}>{problems.accepted}</span>}
          aria-invalid={!!problems.accepted}
          aria-describedby={problems.accepted ? ACCEPTED_ERROR_ID : undefined}
          onChange={(e) => onChange({ ...value, accepted: e.currentTarget.checked })}
          id="root_signatureAccepted"
        />
      </Stack>
    </Stack>
  );
}

/** What the server checks: every document's hash in the reader's language, the name, the box, the time zone. */
export function signaturePayload(agreements: AgreementsConfig, locale: Locale, value: SignatureState): string {
  let timeZone = '';
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    // no zone: the server uses the applicant's state, else its default
  }
  return JSON.stringify({ documents: agreements.documents.map((d) => ({ id: d.id, hash: d.hashes[locale] })), name: value.name.trim(), accepted: value.accepted, timeZone });
}

/** The signature's problems before sending (the server checks the same). */
export function signatureProblems(value: SignatureState, t: (id: string) => string): SignatureProblems {
  const problems: SignatureProblems = {};
  if (value.name.trim().length < 3) problems.name = t('agreements.name.missing');
  if (!value.accepted) problems.accepted = t('agreements.accept.missing');
  return problems;
}
