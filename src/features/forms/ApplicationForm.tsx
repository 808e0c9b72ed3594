/**
 * The applicant's form: RJSF with our theme renders fields, blocks and errors; this component owns
 * what the applicant has done (values, touched fields, chosen files, submit attempts) and decides
 * which errors they see. Validation runs here rather than inside RJSF (`noValidate`): RJSF's own live
 * validation would mark every empty field red after the first blur and would keep its messages in the
 * language they were made in. We use its validator, and translate the errors the applicant sees.
 */
import { Button, Loader, Progress, Stack, Text } from '@mantine/core';
import type { IChangeEvent } from '@rjsf/core';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../app/locale.tsx';
import { fieldName, type FormContext } from '../../engine/formContext.ts';
import { HONEYPOT_FIELD } from '../../../shared/honeypot.ts';
import { submitKey } from '../../engine/messages.ts';
import { DEFAULTS_BEHAVIOUR, withDefaults } from '../../engine/formDefaults.ts';
import { fieldsInOrder } from '../../engine/formModule.ts';
import { fixedValueLines, localizeForm } from '../../engine/localizeForm.ts';
import { describeProblem, type FieldProblem } from '../../engine/problems.ts';
import type { FormModule, FormVariant, ServiceEntry } from '../../engine/types.ts';
import { fieldErrors, schemaMessages } from '../../engine/validation.ts';
import { ThemedForm } from '../../theme/index.ts';
import { Agreements, signaturePayload, signatureProblems, type SignatureState } from './Agreements.tsx';
import { watchFileDrops } from './fileDrop.ts';
import { Honeypot } from './Honeypot.tsx';
import { ProofStatus } from './ProofStatus.tsx';
import { useSubmission } from './useSubmission.ts';
import { contract } from '../../generated/contract.ts';

type Values = Record<string, unknown>;

/** The body key the signature of a service's agreements travels under (pb_hooks/lib/agreements.js). */
const SIGNATURE_FIELD = contract.fields.signature;

const mapValues = <A, B>(record: Record<string, A>, fn: (key: string, value: A) => B): Record<string, B> =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fn(k, v)]));

/** Focus the input RJSF rendered for a top-level field (ids are "root_<field>"). */
const focusField = (field: string) => document.getElementById(`root_${field}`)?.focus();

export interface ApplicationFormProps {
  service: ServiceEntry;
  variant: FormVariant;
  form: FormModule;
  /** Values the route gives (x-route-param): shown, not editable. */
  fixed: Values;
  /** A submit succeeded and the variant shows its success here rather than on another page. */
  onDone: () => void;
}

export function ApplicationForm({ service, variant, form, fixed, onDone }: ApplicationFormProps) {
  const intl = useIntl();
  const { locale, has } = useLocale();
  const ns = service.messages;
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [localProblems, setLocalProblems] = useState<Record<string, FieldProblem>>({});
  const [focusRequest, setFocusRequest] = useState<{ field: string } | null>(null);
  // The chosen files by field, filled by the file widgets (formContext) and read at the submit: one Map
  // for the form's lifetime, made once; the form value only names the file.
  const [files] = useState(() => new Map<string, File>());
  const [trap, setTrap] = useState('');
  const [signature, setSignature] = useState<SignatureState>({ name: '', accepted: false });
  const submission = useSubmission(service, variant, locale, onDone);
  // While the form is on screen, a file dropped on a file field is chosen for it, and one dropped
  // anywhere else never replaces the page (and what was typed in it).
  useEffect(() => watchFileDrops(document), []);

  const t = useCallback((id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values), [intl]);
  const describe = useCallback(
    (field: string, problem: FieldProblem) => {
      const message = describeProblem(ns, field, problem, has);
      return t(message.id, message.values);
    },
    [ns, has, t],
  );
  const localized = useMemo(() => localizeForm(form, ns, t, has, locale, Object.keys(fixed)), [form, ns, t, has, locale, fixed]);
  const order = useMemo(() => fieldsInOrder(form), [form]);
  // The generator's precompiled functions; rooted at the translated schema, which keeps the form's $id.
  const validator = useMemo(() => createPrecompiledValidator(form.validators, localized.schema), [form.validators, localized.schema]);
  // With the schema's defaults from the start: RJSF adds missing ones when it is made and reports them
  // through onChange in the middle of that render, which rendered the whole form a second time.
  const [data, setData] = useState<Values>(() => withDefaults(validator, localized.schema, { ...fixed }));
  const isShown = useCallback((field: string) => submitted || touched.has(field), [submitted, touched]);
  const validationErrors = useMemo(() => validator.validateFormData(data, localized.schema).errors, [validator, data, localized.schema]);
  const schemaErrors = useMemo(() => schemaMessages(validationErrors, describe, isShown), [validationErrors, describe, isShown]);
  // Memoised: a new extraErrors object makes RJSF re-merge every field's errors.
  const errors = useMemo(
    () => fieldErrors({ order, schema: schemaErrors, local: mapValues(localProblems, describe), server: mapValues(submission.problems, describe), isShown }),
    [order, schemaErrors, localProblems, submission.problems, describe, isShown],
  );
  const agreements = service.agreements;
  const signatureLocal = useMemo(() => (agreements && submitted ? signatureProblems(signature, (id) => t(id)) : {}), [agreements, submitted, signature, t]);
  const signatureServer = submission.problems[SIGNATURE_FIELD];
  const signatureShown = signatureServer
    ? {
        ...signatureLocal,
        [signatureServer.rule === 'accepted' ? 'accepted' : 'name']: t(
          signatureServer.rule === 'stale' ? 'agreements.stale' : signatureServer.rule === 'accepted' ? 'agreements.accept.missing' : 'agreements.name.missing',
        ),
      }
    : signatureLocal;
  const signatureBlocking = Object.keys(signatureShown).length > 0;
  const summaryKey = submission.summary ?? (submitted && (errors.blocking.length > 0 || signatureBlocking) ? 'errors.summary' : null);
  // No connection, a server or a proof-of-work failure: no field to send focus to, so the summary takes it.
  const summaryTakesFocus = submission.status.kind === 'failed' && submission.status.reason !== 'fields';

  // After a render, so an input the send had disabled can take focus again.
  useEffect(() => {
    if (focusRequest) focusField(focusRequest.field);
  }, [focusRequest]);

  const reportProblem = useCallback(
    (field: string, problem: FieldProblem | null) =>
      setLocalProblems((prev) => {
        const { [field]: _old, ...rest } = prev;
        return problem ? { ...rest, [field]: problem } : rest;
      }),
    [],
  );
  const context = useMemo<FormContext>(
    () => ({
      ns,
      constants: service.constants,
      blocks: form.blocks,
      touched,
      submitted,
      summary: summaryKey && t(summaryKey),
      summaryTakesFocus,
      files,
      reportProblem,
    }),
    [ns, service.constants, form.blocks, touched, submitted, summaryKey, summaryTakesFocus, t, files, reportProblem],
  );

  const onChange = (e: IChangeEvent, id?: string) => {
    setData({ ...((e.formData ?? {}) as Values), ...fixed });
    if (id) submission.clearProblem(fieldName(id));
  };
  const onBlur = (id: string) => setTouched((prev) => (prev.has(fieldName(id)) ? prev : new Set(prev).add(fieldName(id))));
  const onSubmit = (e: IChangeEvent) => {
    if (submission.status.kind === 'sending') return; // one application per click, even on a second Enter
    setSubmitted(true);
    submission.reset();
    const first = errors.blocking[0];
    if (first) {
      setFocusRequest({ field: first });
      return;
    }
    const unsigned = agreements ? signatureProblems(signature, (id) => t(id)) : {};
    if (unsigned.name || unsigned.accepted) {
      setFocusRequest({ field: unsigned.name ? 'signatureName' : 'signatureAccepted' });
      return;
    }
    const signed = agreements ? { [SIGNATURE_FIELD]: signaturePayload(agreements, locale, signature) } : {};
    const fields = agreements ? [...order, SIGNATURE_FIELD] : order;
    void submission
      .send({ ...((e.formData ?? data) as Values), ...(trap ? { [HONEYPOT_FIELD]: trap } : {}), ...signed }, files, fields)
      .then((refused) => refused && setFocusRequest({ field: refused === SIGNATURE_FIELD ? 'signatureName' : refused }));
  };

  const sending = submission.status.kind === 'sending';
  const percent = submission.status.kind === 'sending' ? submission.status.percent : 0;
  return (
    <>
      {fixedValueLines(localized, fixed).map((line) => (
        <Text key={line.field} fw={600} data-testid={`fixed-${line.field}`}>
          {line.label}: {line.value}
        </Text>
      ))}
      {/* The proof of work starts at the visitor's first focus or tap in the form: a visit that only
          reads costs the server no challenge (useSubmission). */}
      <div onFocus={submission.prepare} onPointerDown={submission.prepare}>
        <ThemedForm
          schema={localized.schema}
          uiSchema={localized.uiSchema}
          formData={data}
          validator={validator}
          formContext={context}
          extraErrors={errors.shown}
          noValidate
          noHtml5Validate
          showErrorList={false}
          experimental_defaultFormStateBehavior={DEFAULTS_BEHAVIOUR}
          disabled={sending}
          onChange={onChange}
          onBlur={onBlur}
          onSubmit={onSubmit}
        >
          <Stack gap="xs" mt="md">
            {sending && !submission.checking && (
              <>
                <Progress value={percent} aria-label={t('form.uploading', { pct: percent })} animated />
                <Text size="sm" c="dimmed">
                  <FormattedMessage id="form.uploading" values={{ pct: percent }} />
                </Text>
              </>
            )}
            {agreements && (
              <Agreements
                ns={ns}
                agreements={agreements}
                value={signature}
                onChange={(next) => {
                  setSignature(next);
                  submission.clearProblem(SIGNATURE_FIELD);
                }}
                problems={signatureShown}
                disabled={sending}
              />
            )}
            <Honeypot value={trap} onChange={setTrap} />
            <ProofStatus checking={submission.checking} />
            {/* Not Mantine's `loading`, which hides the label: the applicant reads "Submitting…". */}
            <Button type="submit" disabled={sending} leftSection={sending ? <Loader size="xs" /> : undefined} w="fit-content">
              <FormattedMessage id={sending ? 'form.submitting' : submitKey(ns, variant.id, has)} />
            </Button>
          </Stack>
        </ThemedForm>
      </div>
    </>
  );
}
