import { contract } from '../generated/contract.ts';

/** Routes that are not declared by schemas (the generator refuses schema routes under /admin, /staff, /application and /resume). */
export const paths = {
  signIn: '/staff/sign-in',
  dashboard: '/admin',
  trash: '/admin/trash',
  audit: '/admin/audit',
  staff: '/admin/staff',
  retention: '/admin/retention',
  /** The server's status (admins): metrics, warnings (features/staff/StatusPage.tsx). */
  serverStatus: '/admin/status',
  /** Where a staff member sets a new password, from the e-mail of PocketBase's reset (its token in the fragment). */
  resetPassword: '/staff/reset-password',
  /** An application's own page under its list's route (react-router pattern), and its print view. */
  staffApplication: (listRoute: string) => `${listRoute}/:id`,
  staffApplicationPrint: (listRoute: string) => `${listRoute}/:id/print`,
  /**
   * The applicant's own page of an application with agreements (the link in their e-mail): its token is
   * in the fragment (#<token>), which no request carries, so no server log keeps it.
   */
  application: '/application/:service',
  /** The same page as linked before the token moved to the fragment: the page moves it there (ApplicationStatusPage). */
  applicationWithTokenInPath: '/application/:service/:token',
  /** The page a draft's e-mailed resume link opens (its token in the fragment): features/forms/drafts/ResumePage.tsx. */
  resumeDraft: contract.drafts.resumePage,
} as const;
