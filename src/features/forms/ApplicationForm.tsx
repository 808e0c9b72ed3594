/**
 * The applicant's form: RJSF with our theme renders fields, blocks and errors; this component owns
 * what the applicant has done (values, touched fields, chosen files, submit attempts) and decides
 * which errors they see. Validation runs here rather than inside RJSF (`noValidate`): RJSF's own live
 * validation would mark every empty field red after the first blur and would keep its messages in the
 * language they were made in. We use its validator, and translate the errors the applicant sees.
 *
 * A form in steps (FormModule.steps) renders the same RJSF form on every step: the root object template
 * shows only the current step's fields (formContext.stepFields), so every answer stays in one formData
 * and one validation, and a step's Next is blocked only by that step's errors (engine/steps.ts). The
 * last page, "Check your answers", lists them all (ReviewPage.tsx) above the final button.
 */
import { Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import type { IChangeEvent } from '@rjsf/core';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../app/locale.tsx';
import { allFields, dropHidden, shownFields } from '../../engine/conditions.ts';
import { fieldId, fieldName, type FormContext } from '../../engine/formContext.ts';
import { reviewLines } from '../../engine/review.ts';
import { reachableStep, REVIEW, stepBlocking, stepIndex, stepOfField, stepPlacement, stepsOf, topField } from '../../engine/steps.ts';
import { HONEYPOT_FIELD } from '../../../shared/honeypot.ts';
import { submitKey } from '../../engine/messages.ts';
import { DEFAULTS_BEHAVIOUR, withDefaults } from '../../engine/formDefaults.ts';
import { fieldsInOrder } from '../../engine/formModule.ts';
import { fixedValueLines, localizeForm } from '../../engine/localizeForm.ts';
import { formatSize } from '../../engine/numberFormat.ts';
import { formatDay } from '../../engine/dates.ts';
import { describeProblem, traitsAt, type FieldProblem } from '../../engine/problems.ts';
import { summaryEntries, type SummaryEntry } from '../../engine/errorSummary.ts';
import type { FormModule, FormVariant, ServiceEntry } from '../../engine/types.ts';
import { fieldErrors, schemaMessages } from '../../engine/validation.ts';
import { ThemedForm } from '../../theme/index.ts';
import { controlFor } from '../../theme/templates/ErrorLinks.tsx';
import { splitSubmitBlocks } from '../../engine/blocks.ts';
import { Agreements, signaturePayload, signatureProblems, type SignatureState } from './Agreements.tsx';
import { useCheckoutOffer } from './checkout.ts';
import { PriceSummary } from './PriceSummary.tsx';
import { watchFileDrops } from './fileDrop.ts';
import { Honeypot } from './Honeypot.tsx';
import { ProofStatus } from './ProofStatus.tsx';
import { ReviewPage } from './ReviewPage.tsx';
import { StepHeading, useStepParam } from './StepView.tsx';
import { useSubmission } from './useSubmission.ts';
import { useFormDrafts } from './drafts/useFormDrafts.tsx';
import { contract } from '../../generated/contract.ts';

type Values = Record<string, unknown>;

/** The body key the signature of a service's agreements travels under (pb_hooks/lib/agreements.js). */
const SIGNATURE_FIELD = contract.fields.signature;

const mapValues = <A, B>(record: Record<string, A>, fn: (key: string, value: A) => B): Record<string, B> =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fn(k, v)]));

/**
 * Focus the input RJSF rendered for a field's path (ids are "root_<field>", a row's cell "root_<group>_<row>_<cell>"),
 * or the first control inside it (a group's fieldset).
 */
function focusField(path: string): boolean {
  const el = controlFor(fieldId(path));
  el?.focus();
  return !!el;
}


export interface ApplicationFormProps {
  service: ServiceEntry;
  variant: FormVariant;
  form: FormModule;
  /** Values the route gives (x-route-param): shown, not editable. */
  fixed: Values;
  /** Answers to start from (Storybook's sample values); the route's values win. */
  initial?: Values;
  /** A submit succeeded and the variant shows its success here rather than on another page. */
  onDone: () => void;
  /** "Start again" on restored answers: a fresh, empty form (drafts/useFormDrafts.tsx). */
  onRestart?: () => void;
}

export function ApplicationForm({ service, variant, form, fixed, initial, onDone, onRestart }: ApplicationFormProps) {
  const intl = useIntl();
  const { locale, has } = useLocale();
  const ns = service.messages;
  // entered: fields the applicant changed; touched: those of them they then left (FormContext).
  const [entered, setEntered] = useState<ReadonlySet<string>>(new Set());
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [localProblems, setLocalProblems] = useState<Record<string, FieldProblem>>({});
  const [focusRequest, setFocusRequest] = useState<{ field: string } | null>(null);
  // The chosen files by field, in order, filled by the file widgets (formContext) and read at the submit:
  // one Map for the form's lifetime, made once; the form value only names the files.
  const [files] = useState(() => new Map<string, File[]>());
  // Steps whose Next was pressed: their fields show their errors, as after a submit.
  const [tried, setTried] = useState<ReadonlySet<number>>(new Set());
  const [trap, setTrap] = useState('');
  const [signature, setSignature] = useState<SignatureState>({ name: '', accepted: false });
  const submission = useSubmission(service, variant, locale, onDone);
  // Whether the submit opens the provider's checkout, for the price summary above the button.
  const offer = useCheckoutOffer(service, variant);
  // The price summary's blocks go beside the button (PriceSummary), the others among the fields.
  const { around: fieldBlocks, submit: priceBlocks } = useMemo(() => splitSubmitBlocks(form.blocks), [form.blocks]);
  // While the form is on screen, a file dropped on a file field is chosen for it, and one dropped
  // anywhere else never replaces the page (and what was typed in it).
  useEffect(() => watchFileDrops(document), []);

  const t = useCallback((id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values), [intl]);
  const describe = useCallback(
    (field: string, problem: FieldProblem) => {
      // The field's own texts (its schema's x-errors) for the browser's check and the server's answer alike.
      const message = describeProblem(ns, field, problem, has, traitsAt(form.traits, field)?.errors);
      const { date } = message.values;
      // A date limit is said in the applicant's language ("12 April 2026"), read as a calendar day.
      const values: Record<string, string | number> = typeof date === 'string' ? { ...message.values, date: formatDay(date, intl) } : { ...message.values };
      // The server states a total size limit in bytes.
      if (problem.rule === 'fileTotal' && !problem.values.size && typeof problem.values.limit === 'number') values.size = formatSize(problem.values.limit, intl.locale);
      return t(message.id, values);
    },
    [ns, has, t, intl, form.traits],
  );
  const localized = useMemo(() => localizeForm(form, ns, t, has, locale, Object.keys(fixed)), [form, ns, t, has, locale, fixed]);
  const steps = useMemo(() => stepsOf(form), [form]);
  // Every field in the order it is asked: the steps', else the uiSchema's, conditional fields after the others.
  const order = useMemo(() => {
    const listed = steps ? steps.flatMap((s) => s.fields) : fieldsInOrder(form);
    return [...listed, ...allFields(form.schema).filter((f) => !listed.includes(f))];
  }, [form, steps]);
  // The generator's precompiled functions; rooted at the translated schema, which keeps the form's $id.
  const validator = useMemo(() => createPrecompiledValidator(form.validators, localized.schema), [form.validators, localized.schema]);
  // With the schema's defaults from the start: RJSF adds missing ones when it is made and reports them
  // through onChange in the middle of that render, which rendered the whole form a second time.
  const [data, setData] = useState<Values>(() => withDefaults(validator, localized.schema, { ...initial, ...fixed }));
  // What is validated, reviewed and sent: the answers without those of fields the answers hide.
  const answers = useMemo(() => dropHidden(validator, localized.schema, data), [validator, localized.schema, data]);
  // The answers kept in this browser (given back here, with a notice), "Save and continue later", the question before leaving.
  const drafts = useFormDrafts({
    service,
    variant,
    form,
    locale,
    data,
    fixed,
    status: submission.status.kind,
    files,
    signed: !!signature.name || signature.accepted,
    onRestore: (values) => setData(withDefaults(validator, localized.schema, { ...initial, ...values, ...fixed })),
    onRestart,
  });
  const triedFields = useMemo(() => new Set([...tried].flatMap((i) => steps?.[i]?.fields ?? [])), [tried, steps]);
  const isShown = useCallback((path: string) => submitted || touched.has(path) || triedFields.has(topField(path)), [submitted, touched, triedFields]);
  const validationErrors = useMemo(() => validator.validateFormData(answers, localized.schema).errors, [validator, answers, localized.schema]);
  const schemaErrors = useMemo(() => schemaMessages(validationErrors, describe, isShown), [validationErrors, describe, isShown]);
  // Memoised: a new extraErrors object makes RJSF re-merge every field's errors.
  const errors = useMemo(
    () => fieldErrors({ order, schema: schemaErrors, local: mapValues(localProblems, describe), server: mapValues(submission.problems, describe), isShown }),
    [order, schemaErrors, localProblems, submission.problems, describe, isShown],
  );
  const agreements = service.agreements;
  // The signature's errors show after a submit, or (in steps) once the last step's Next was pressed.
  const signatureTried = submitted || (!!steps && tried.has(steps.length - 1));
  const signatureLocal = useMemo(() => (agreements && signatureTried ? signatureProblems(signature, (id) => t(id)) : {}), [agreements, signatureTried, signature, t]);
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

  // Steps: the one the address asks for, unless a step before it still has a blocking error (a link
  // or a reload to a later step starts there); steps.length is the review page.
  const { param: stepParam, go } = useStepParam();
  const wanted = steps ? stepIndex(steps, stepParam) : 0;
  const current = steps ? reachableStep(steps, wanted, errors.blocking) : 0;
  const reviewing = !!steps && current === steps.length;
  const lastStep = !!steps && current === steps.length - 1;
  useEffect(() => {
    // Not before the answers kept in this browser are back: a reload on a later step stays there.
    if (steps && stepParam !== null && current !== wanted && drafts.settled) go(current === steps.length ? REVIEW : (steps[current]?.id ?? ''), true);
  }, [steps, stepParam, current, wanted, go, drafts.settled]);
  // The red summary is a failed submit's (or a step's refused Next): never a page that was only opened.
  const stepShowsErrors = submitted || (!!steps && tried.has(current));
  const stepErrors = steps && !reviewing ? stepBlocking(steps[current]!, errors.blocking) : errors.blocking;
  const summaryKey =
    submission.summary ?? (stepShowsErrors && (stepErrors.length > 0 || (signatureBlocking && (!steps || lastStep || reviewing))) ? 'errors.summary' : null);
  // The summary's links: the errors shown at the fields on this page, then the signature's.
  const stepFieldSet = useMemo(() => (steps && !reviewing ? new Set(steps[current]?.fields ?? []) : null), [steps, reviewing, current]);
  const signatureOnPage = !!agreements && (!steps || lastStep);
  const unsignedName = signatureOnPage ? signatureShown.name : undefined;
  const unaccepted = signatureOnPage ? signatureShown.accepted : undefined;
  const entries = useMemo((): SummaryEntry[] => {
    if (!summaryKey) return [];
    const onPage = errors.list.filter((e) => !stepFieldSet || stepFieldSet.has(topField(e.path)));
    return [
      ...summaryEntries(localized, onPage),
      ...(unsignedName ? [{ target: 'root_signatureName', label: t('agreements.name'), message: unsignedName }] : []),
      ...(unaccepted ? [{ target: 'root_signatureAccepted', label: '', message: unaccepted }] : []),
    ];
  }, [summaryKey, errors.list, stepFieldSet, unsignedName, unaccepted, localized, t]);
  // No connection, a server or a proof-of-work failure: no field to send focus to, so the summary takes it.
  const summaryTakesFocus = submission.status.kind === 'failed' && submission.status.reason !== 'fields';

  // After a render, so an input the send had disabled can take focus again.
  // With a change of step the field appears a render later (the router's navigation): the request waits
  // for it. This effect runs after the step heading's own (a child's), so the field keeps the focus.
  const focused = useRef<object | null>(null);
  useEffect(() => {
    if (focusRequest && focused.current !== focusRequest && focusField(focusRequest.field)) focused.current = focusRequest;
  }, [focusRequest, current]);

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
      blocks: fieldBlocks,
      touched,
      entered,
      submitted,
      summary: summaryKey && t(summaryKey),
      summaryEntries: entries,
      summaryTakesFocus,
      files,
      reportProblem,
      stepFields: steps ? (reviewing ? [] : steps[current]?.fields) : undefined,
      // A long form on one page under its section headings (a form in steps has a heading per step).
      sections: steps ? undefined : form.sections,
    }),
    [ns, service.constants, fieldBlocks, form.sections, touched, entered, submitted, summaryKey, entries, summaryTakesFocus, t, files, reportProblem, steps, current, reviewing],
  );
  const blocks = useMemo(() => (steps ? stepPlacement(fieldBlocks, steps, current) : fieldBlocks), [steps, fieldBlocks, current]);
  const formContext = useMemo(() => ({ ...context, blocks }), [context, blocks]);
  const review = useMemo(
    () =>
      reviewing && steps
        ? reviewLines(localized, steps, answers, shownFields(validator, localized.schema, answers), {
            date: (iso) => formatDay(iso, intl),
            yes: t('form.review.yes'),
            no: t('form.review.no'),
          })
        : [],
    [reviewing, steps, localized, answers, validator, intl, t],
  );

  const onChange = (e: IChangeEvent, id?: string) => {
    setData({ ...((e.formData ?? {}) as Values), ...fixed });
    if (id) {
      const name = fieldName(id);
      setEntered((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));
      submission.clearProblem(name);
      // A change inside a group's row answers the group's own error (too few rows) too.
      submission.clearProblem(topField(fieldName(id)));
    }
  };
  const goTo = (index: number, focus?: string) => {
    if (!steps) return;
    go(index >= steps.length ? REVIEW : steps[index]!.id);
    if (focus) setFocusRequest({ field: focus });
  };
  /** Next: only this step's errors block; they show, and the first takes the focus. */
  const next = () => {
    setTried((prev) => new Set(prev).add(current));
    const first = stepErrors[0];
    if (first) {
      setFocusRequest({ field: first });
      return;
    }
    if (lastStep && agreements) {
      const unsigned = signatureProblems(signature, (id) => t(id));
      if (unsigned.name || unsigned.accepted) {
        setFocusRequest({ field: unsigned.name ? 'signatureName' : 'signatureAccepted' });
        return;
      }
    }
    goTo(current + 1);
  };
  // Leaving a field counts only after the applicant entered something in it: Tab through a form, and
  // no field says it is missing before a submit.
  const onBlur = (id: string) => {
    const name = fieldName(id);
    if (!entered.has(name)) return;
    // Leaving the field for a submit or Next button: that press shows every error itself. Showing this
    // one now would push the button down between mouse-down and mouse-up, and the click would be lost.
    // The button has the focus once the whole focus change is over: a task later (microtasks run between
    // the blur and the button's focus).
    window.setTimeout(() => {
      const to = document.activeElement;
      if (to instanceof HTMLButtonElement && to.type === 'submit') return;
      setTouched((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));
    }, 0);
  };
  const onSubmit = () => {
    if (submission.status.kind === 'sending') return; // one application per click, even on a second Enter
    // Enter in a step's field is its Next.
    if (steps && !reviewing) return next();
    setSubmitted(true);
    submission.reset();
    const first = errors.blocking[0];
    if (first) {
      if (steps) goTo(stepOfField(steps, first), first);
      else setFocusRequest({ field: first });
      return;
    }
    const unsigned = agreements ? signatureProblems(signature, (id) => t(id)) : {};
    if (unsigned.name || unsigned.accepted) {
      const field = unsigned.name ? 'signatureName' : 'signatureAccepted';
      if (steps) goTo(steps.length - 1, field);
      else setFocusRequest({ field });
      return;
    }
    const signed = agreements ? { [SIGNATURE_FIELD]: signaturePayload(agreements, locale, signature) } : {};
    const fields = agreements ? [...order, SIGNATURE_FIELD] : order;
    void submission.send({ ...answers, ...(trap ? { [HONEYPOT_FIELD]: trap } : {}), ...signed }, files, fields).then((refused) => {
      if (!refused) return;
      const field = refused === SIGNATURE_FIELD ? 'signatureName' : refused;
      // In steps: to the step of the first field the server refused, with the focus on that field.
      if (steps) goTo(refused === SIGNATURE_FIELD ? steps.length - 1 : Math.max(0, stepOfField(steps, refused)), field);
      else setFocusRequest({ field });
    });
  };

  const sending = submission.status.kind === 'sending';
  const percent = submission.status.kind === 'sending' ? submission.status.percent : 0;
  const perFile = submission.status.kind === 'sending' ? submission.status.files : undefined;
  const final = agreements && steps ? 'form.signAndSubmit' : submitKey(ns, variant.id, has);
  // While sending, the button says what is happening: getting ready (the proof of work), how much of
  // the answers and files has gone, then the server saving them; never a bare spinner.
  const sendingText = submission.checking ? t('form.sending.checking') : percent >= 100 ? t('form.sending.saving') : t('form.sending', { pct: percent });
  return (
    <>
      {drafts.notice}
      {drafts.guard}
      {fixedValueLines(localized, fixed).map((line) => (
        <Text key={line.field} fw={600} data-testid={`fixed-${line.field}`}>
          {line.label}: {line.value}
        </Text>
      ))}
      {/* The proof of work starts at the visitor's first focus or tap in the form: a visit that only
          reads costs the server no challenge (useSubmission). */}
      <div onFocus={submission.prepare} onPointerDown={submission.prepare}>
        {steps && (
<StepHeading steps={steps} index={current} />
        )}
        <ThemedForm
          schema={localized.schema}
          uiSchema={localized.uiSchema}
          formData={data}
          validator={validator}
          formContext={formContext}
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
          {reviewing && steps && <ReviewPage steps={steps} lines={review} />}
          <Stack gap="xs" mt="md">
            {sending && !submission.checking && (
              <>
                <Progress value={percent} aria-label={t('form.uploading', { pct: percent })} animated />
                {/* Several files in one send: each one's share of the bytes sent (engine/submit.ts fileProgress). */}
                {perFile?.map((f) => (
                  <Text key={f.name} size="xs" c="dimmed" data-testid="file-progress">
                    <FormattedMessage id="form.files.uploading" values={{ name: f.name, pct: f.percent }} />
                  </Text>
                ))}
              </>
            )}
            {agreements && (!steps || lastStep) && (
              <Agreements
                ns={ns}
                serviceId={service.id}
                locale={locale}
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
            {/* What it costs and what the button does about payment, before it is pressed: on a form in
                steps on its last step (with the agreement) and on the page with the final button. */}
            {(!steps || lastStep || reviewing) && <PriceSummary service={service} blocks={priceBlocks} offer={offer} />}
            <Group gap="sm">
              {steps && current > 0 && (
                // Back keeps every answer: the whole form's data lives here, whichever step is shown.
                <Button type="button" variant="default" disabled={sending} onClick={() => goTo(current - 1)}>
                  <FormattedMessage id="form.steps.back" />
                </Button>
              )}
              {/* Not Mantine's `loading`, which hides the label: the applicant reads what the send is doing. */}
              <Button type="submit" disabled={sending} leftSection={sending ? <Loader size="xs" /> : undefined} w="fit-content" data-testid="form-submit">
                {sending ? sendingText : <FormattedMessage id={steps && !reviewing ? 'form.steps.next' : final} />}
              </Button>
              {drafts.saveButton}
            </Group>
          </Stack>
        </ThemedForm>
      </div>
    </>
  );
}
