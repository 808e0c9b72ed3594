/**
 * Sending an application: ONE multipart POST of all values and files (so nothing is half-saved) with
 * upload progress, the checkout window, and the way back from every kind of failure with everything
 * the applicant entered kept. Server field errors come back as problems at the fields.
 *
 * Each send carries a proof of work (src/engine/proofOfWork.ts), solved in a worker from the visitor's
 * first use of the form (`prepare`); a send waits for it when it is not ready yet ("checking"), and a
 * proof the server refuses (expired, spent, from before a restart) is replaced and the application sent
 * once more.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { attemptKeys, contentOf, IDEMPOTENCY_FIELD } from '../../engine/idempotency.ts';
import { PROOF_FIELD, prover, refusedProof, type Prover } from '../../engine/proofOfWork.ts';
import type { FieldProblem } from '../../engine/problems.ts';
import { refusalReason, serverProblems } from '../../engine/serverErrors.ts';
import { topField } from '../../engine/steps.ts';
import { fileProgress, postMultipart, submitUrl, toFormData } from '../../engine/submit.ts';
import { timeZoneOffset } from '../../engine/dates.ts';
import { inFormOrder } from '../../engine/validation.ts';
import { contract } from '../../generated/contract.ts';
import { successStateOf } from '../../engine/successState.ts';
import type { FormVariant, Locale, ServiceEntry } from '../../engine/types.ts';
import { openCheckoutWindow, sendToCheckout, useCheckoutOffer } from './checkout.ts';

/** The contract's name of the applicant's UTC offset (generator/contract.ts). */
const TIME_ZONE_FIELD = contract.fields.timeZoneOffset;

type Status =
  | { kind: 'idle' }
  /** checking: waiting for the proof of work before the upload can start. */
  | { kind: 'sending'; percent: number; checking?: boolean; files?: { name: string; percent: number }[] }
  /** fields: the server refused some fields; network: no answer at all; the rest: refusalReason (engine/serverErrors.ts). */
  | { kind: 'failed'; reason: 'fields' | 'network' | ReturnType<typeof refusalReason> };

export interface Submission {
  status: Status;
  /** The send is waiting for the proof of work (announced politely: ProofStatus.tsx). */
  checking: boolean;
  /** Field problems of the last server answer, for fields this form shows, by path ("email", "dependents.2.name"). */
  problems: Record<string, FieldProblem>;
  /** Message key of the red line for the last failed send, or null. */
  summary: string | null;
  /** Sends; resolves to the path of the first field (in `fields` order) the server refused, if any. */
  send: (values: Record<string, unknown>, files: Map<string, File[]>, fields: string[]) => Promise<string | null>;
  /** Starts on the form's proof of work (the visitor's first focus or tap in the form), unless under way. */
  prepare: () => void;
  /** The applicant changed a field: its server error no longer applies. */
  clearProblem: (field: string) => void;
  reset: () => void;
}

export function useSubmission(service: ServiceEntry, variant: FormVariant, locale: Locale, onDone: () => void): Submission {
  const navigate = useNavigate();
  const location = useLocation();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [problems, setProblems] = useState<Record<string, FieldProblem>>({});
  // Kept across the retries of one filled form, so a retry of a send that was stored but not answered
  // does not store it twice (src/engine/idempotency.ts); a new one after each success, and for changed content.
  const keys = useRef(attemptKeys()).current;
  // The form's proofs of work: the first is fetched and solved from `prepare` on (the visitor's first
  // focus or tap in the form), so a visit that only reads asks the server for nothing.
  const proofs = useRef<Prover | null>(null);
  useEffect(() => {
    const own = prover(service.collection);
    proofs.current = own;
    return () => own.dispose();
  }, [service.collection]);
  const prepare = useCallback(() => proofs.current?.prepare(), []);
  // Whether this submit opens the provider's checkout (the server's word, asked before the click).
  const offer = useCheckoutOffer(service, variant);
  const opensCheckout = offer?.opens === true;

  const send = useCallback(
    async (values: Record<string, unknown>, chosen: Map<string, File[]>, fields: string[]): Promise<string | null> => {
      // The files as they are now: what is sent is what the values and the idempotency key name, whatever
      // happens to the form's files meanwhile.
      const files = new Map(chosen);
      // Synchronously, before the first await: still inside the applicant's click. Only a configured
      // checkout of a service paid upfront opens now (useCheckoutOffer); the others offer the link later
      // (after the cancellation period or the service), on the applicant's page and by e-mail, and a form
      // whose link is not configured opens nothing.
      const checkout = opensCheckout ? openCheckoutWindow() : null;
      setProblems({});
      const content = contentOf(values, files);
      const own = proofs.current ?? (proofs.current = prover(service.collection));
      let proving = false;
      const post = async () => {
        setStatus({ kind: 'sending', percent: 0, checking: true });
        proving = true;
        const proof = await own.take();
        proving = false;
        setStatus({ kind: 'sending', percent: 0 });
        const body = toFormData(values, files, {
          variant: variant.id,
          locale,
          // "today" on the server is the applicant's today (date limits, design §4).
          [TIME_ZONE_FIELD]: String(timeZoneOffset()),
          [IDEMPOTENCY_FIELD]: keys.current(content),
          [PROOF_FIELD]: proof,
        });
        // Several files: each one's share of the upload, as the body sends them in order (submit.ts fileProgress).
        const sent = [...files.values()].flat();
        return postMultipart(submitUrl(service.collection), body, (p) =>
          setStatus({ kind: 'sending', percent: p.percent, files: sent.length > 1 ? fileProgress(sent, p.loaded, p.total) : undefined }),
        );
      };
      try {
        let res = await post();
        // Expired while the form was filled, spent, or issued before a server restart: once more with a new one.
        if (res.status === 400 && refusedProof(res.body)) {
          own.renew();
          res = await post();
        }
        keys.answered(res.status);
        if (res.status >= 200 && res.status < 300) {
          own.spent();
          // The server says which link it offered (its environment may override the schema's, and the
          // link names the record for the provider), or none: then the window opened for it closes.
          const offered = (res.body as { checkoutUrl?: unknown } | null)?.checkoutUrl;
          const payUrl = typeof offered === 'string' && offered.startsWith('https://') ? offered : null;
          if (checkout && payUrl) sendToCheckout(checkout, payUrl);
          else checkout?.close();
          const state = successStateOf(res.body, { tried: opensCheckout, opened: !!checkout && !!payUrl });
          setStatus({ kind: 'idle' });
          if (typeof variant.success === 'string') {
            navigate(`${variant.success}?lang=${locale}`, { state });
          } else {
            // Success is shown on this page; its blocks (reference, payment) read the same router state.
            if (state) navigate(`${location.pathname}${location.search}`, { replace: true, state });
            onDone();
          }
          return null;
        }
        checkout?.close();
        const all = res.status === 400 ? serverProblems(res.body) : {};
        // A group's cell comes back as "dependents.2.name": it is the group's field's.
        const shown = Object.fromEntries(Object.entries(all).filter(([path]) => fields.includes(topField(path))));
        setProblems(shown);
        setStatus({ kind: 'failed', reason: Object.keys(shown).length ? 'fields' : refusalReason(res.status, res.body) });
        return inFormOrder(Object.keys(shown), fields)[0] ?? null;
      } catch (err) {
        checkout?.close();
        // No challenge or no solution (fetch's own failure is a TypeError: no connection).
        setStatus({ kind: 'failed', reason: proving && !(err instanceof TypeError) ? 'proofOfWork' : 'network' });
        return null;
      }
    },
    [service, variant, locale, navigate, location, onDone, keys, opensCheckout],
  );

  const clearProblem = useCallback(
    (field: string) =>
      setProblems((prev) => {
        if (!(field in prev)) return prev;
        const { [field]: _gone, ...rest } = prev;
        return rest;
      }),
    [],
  );

  const reset = useCallback(() => {
    setProblems({});
    setStatus({ kind: 'idle' });
  }, []);

  // Once every refused field has been changed, "correct the fields below" no longer applies.
  const summary =
    status.kind !== 'failed'
      ? null
      : status.reason === 'fields'
        ? Object.keys(problems).length
          ? 'errors.summary'
          : null
        : status.reason === 'server'
          ? 'errors.server'
          : status.reason === 'tooMany'
            ? 'errors.tooMany'
            : status.reason === 'tooLarge'
              ? 'errors.tooLarge'
          : status.reason === 'proofOfWork'
            ? 'errors.proof'
            : 'errors.network';
  const checking = status.kind === 'sending' && !!status.checking;

  return { status, checking, problems, summary, send, prepare, clearProblem, reset };
}
