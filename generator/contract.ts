/**
 * What the browser and the server must agree on, said once: the names of the request's own fields, the
 * header and cookie they exchange, the submit route, and (from schemas/site.json) the languages, what each
 * status means and the staff list's filter. emit/contract.ts writes it for each side
 * (src/generated/contract.ts, pb_hooks/generated/contract.js); tests/unit/contract.test.ts fails when one of
 * these literals is written anywhere else.
 */
import type { SiteModel } from './model/types.ts';

/** The protocol's own names; none comes from a schema. */
export const PROTOCOL = {
  /** `POST <submitRoute><collection>`: every submission (pb_hooks/lib/submit.js). */
  submitRoute: '/api/formwork/submit/',
  /** Body fields the form sends beside the variant's own (pb_hooks/lib/submission.js). */
  fields: {
    /** One application attempt, kept across its retries (src/engine/idempotency.ts). */
    idempotencyKey: 'idempotencyKey',
    /** The solved proof of work; also the column keeping the challenge spent (pb_hooks/lib/proofOfWork.js). */
    proof: 'proof',
    /** The agreements signed, as JSON (pb_hooks/lib/agreements.js). */
    signature: 'signature',
    /**
     * The applicant's UTC offset in minutes (Date.getTimezoneOffset()): the server counts relative date
     * limits (x-date) from its own clock in the applicant's time zone. Not a column (pb_hooks/lib/submission.js).
     */
    timeZoneOffset: 'timeZoneOffset',
  },
  headers: {
    /** The applicant's status-page token, sent in a header so no request log keeps it. */
    applicationToken: 'X-Application-Token',
  },
  cookies: {
    /** The visitor's language, which the server answers prerendered pages in. */
    language: 'formwork.lang',
  },
  /** "Save and continue later" (pb_hooks/lib/drafts.js, src/features/forms/drafts/). */
  drafts: {
    /** `POST <saveRoute><collection>`: saves the answers and e-mails the resume link. */
    saveRoute: '/api/formwork/drafts/',
    /** `POST`, the token in the body: the saved answers, once; the draft is gone after. */
    resumeRoute: '/api/formwork/drafts-resume',
    /** The browser's page the e-mailed link opens (`<resumePage>#<token>`: a fragment, which no request log keeps). */
    resumePage: '/resume',
    /** Days a saved draft and its link last; the browser's own copy of the answers lasts as long. */
    days: 7,
  },
} as const;

/** The staff list's filter: the address's keys, and the longest search text either side takes. */
export const LIST_FILTER = { keys: ['q', 'from', 'to', 'status', 'sort', 'page'], maxQuery: 100 } as const;

export type Contract = ReturnType<typeof contractOf>;

/** The whole contract for `site`: the protocol plus what site.json says of languages and statuses. */
export function contractOf(site: SiteModel) {
  const meanings = site.statusMeanings;
  return {
    ...PROTOCOL,
    languages: site.languages,
    defaultLanguage: site.defaultLanguage,
    statuses: {
      /** The workflow in order. */
      all: site.statuses,
      /** A new submission's status; a record without one counts as in it. */
      initial: site.statuses[0]!,
      /** Statuses an application never leaves. */
      final: meanings.final,
      /** What the applicant's cancellation sets; staff never set it. */
      cancelled: meanings.cancelled,
      /** Statuses that start the service: staff may set them only after the cancellation period. */
      startsService: meanings.startsService,
      /** The service was performed: a service paid afterwards offers its payment then. */
      performed: meanings.performed,
      /** The colour of each status's badge (a Mantine colour). */
      colors: meanings.colors,
    },
    listFilter: LIST_FILTER,
  };
}
