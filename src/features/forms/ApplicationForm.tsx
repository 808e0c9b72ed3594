/**
 * The applicant's form: RJSF with our theme renders fields, blocks and errors; this component owns
 * what the applicant has done (values, touched fields, chosen files, submit attempts) and decides
 * which errors they see. Validation runs here rather than inside RJSF (`noValidate`): RJSF's own live
 * validation would mark every empty field red after the first blur and would keep its messages in the
 * language they were made in. We use its validator, and translate the errors the applicant sees.
 */
import { Button, Loader, Progress, Stack, Text } from '@mantine/core';
import type { IChangeEvent } from '@rjsf/core';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../app/locale.tsx';
import { useHydrated } from '../../components/UntilHydrated.tsx';
import { fieldName, type FormContext } from '../../engine/formContext.ts';
import { HONEYPOT_FIELD } from '../../engine/honeypot.ts';
import { submitKey } from '../../engine/messages.ts';
import { DEFAULTS_BEHAVIOUR, withDefaults } from '../../engine/formDefaults.ts';
import { fieldsInOrder } from '../../engine/formModule.ts';
import { fixedValueLines, localizeForm } from '../../engine/localizeForm.ts';
import { describeProblem, type FieldProblem } from '../../engine/problems.ts';
import type { FormModule, FormVariant, ServiceEntry } from '../../engine/types.ts';
import { fieldErrors, schemaMessages } from '../../engine/validation.ts';
import { ThemedForm } from '../../theme/index.ts';
import { Agreements, signaturePayload, signatureProblems, type SignatureState } from './Agreements.tsx';
import { earlyInputOf, replayEarlyInput, type EarlyCaret } from './earlyInput.ts';
import { takeEarlySend } from './earlySend.ts';
import { Honeypot } from './Honeypot.tsx';
import { ProofStatus } from './ProofStatus.tsx';
import { useSubmission } from './useSubmission.ts';

// For formCode.ts, which calls it as this module arrives (it must not import earlyInput.ts into the page's code).
export { noteEarlyInput } from './earlyInput.ts';

type Values = Record<string, unknown>;

/** The body key the signature of a service's agreements travels under (pb_hooks/lib/agreements.js). */
const SIGNATURE_FIELD = 'signature';

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
  const files = useRef(new Map<string, File>());
  const [trap, setTrap] = useState('');
  const [signature, setSignature] = useState<SignatureState>({ name: '', accepted: false });
  // A prerendered form is used before its code comes (formCode.ts): what was typed, chosen or ticked
  // meanwhile is handed to the form's state as soon as React has taken the form over, and a press of the
  // send is carried out then (earlySend.ts), as is a file chosen or dropped (earlyFilePick.ts, fileDrop.ts).
  // The SSN's show/hide needs the code: it says it is unavailable until then, but stays in the tab order.
  const live = useHydrated();
  // Taken over from the page's HTML (its first render a hydration), not rendered afresh (a visit from
  // another screen, a new form after an inline success): only then is there early input to hand over.
  const [takenOver] = useState(() => !live);
  const submission = useSubmission(service, variant, locale, onDone, takenOver);
  const frame = useRef<HTMLDivElement>(null);
  const caret = useRef<EarlyCaret | null>(null);
  // In the commit that took the form over, before anything renders it again (a later render would put
  // the rendered values back into the inputs).
  useLayoutEffect(() => {
    // What the visitor entered before the code came: in the form React took over, or, if React had to
    // render it afresh instead (an extension changed its HTML), as it was read when the code came.
    const noted = earlyInputOf(window.location.pathname);
    const sendPressed = takeEarlySend(window.location.pathname);
    const root = frame.current;
    if (!root) return;
    if (takenOver) caret.current = replayEarlyInput(root);
    else if (noted) caret.current = replayEarlyInput(root, noted);
    else return; // a form rendered on a visit from another screen: nothing came before its code
    // After React has applied what was handed over (its updates from those events come after this commit).
    if (sendPressed)
      setTimeout(() => {
        root.querySelector('form')?.requestSubmit();
        takeEarlySend(window.location.pathname); // seen again if the marker was still there: RJSF has it now
      }, 0);
  }, [takenOver]);
  // Inside that commit React cannot apply the changes at once: it puts the rendered text back, and the
  // render after puts the visitor's, with the caret at the end. Once that is done, the caret goes back
  // where the visitor was typing (unless they have typed on meanwhile).
  useLayoutEffect(() => {
    const at = caret.current;
    if (!at || at.element.value !== at.value) return;
    caret.current = null;
    setTimeout(() => {
      const { element } = at;
      const atEnd = element.selectionStart === element.value.length && element.selectionEnd === element.value.length;
      if (element.ownerDocument.activeElement === element && element.value === at.value && atEnd) element.setSelectionRange(at.start, at.end);
    }, 0);
  });

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
      files: files.current,
      reportProblem,
    }),
    [ns, service.constants, form.blocks, touched, submitted, summaryKey, summaryTakesFocus, t, reportProblem],
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
      .send({ ...((e.formData ?? data) as Values), ...(trap ? { [HONEYPOT_FIELD]: trap } : {}), ...signed }, files.current, fields)
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
      {/* data-awaiting-code: a prerendered form until its code has come (the end-to-end tests wait on it);
          data-send-waiting: what the page's code says meanwhile of a press of the send (earlySend.ts). */}
      <div ref={frame} data-awaiting-code={live ? undefined : ''} data-send-waiting={live ? undefined : t('form.sendWaiting')}>
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
