/** Routes that are not declared by schemas (the generator refuses schema routes under /admin and /staff). */
export const paths = {
  signIn: '/staff/sign-in',
  dashboard: '/admin',
  trash: '/admin/trash',
  audit: '/admin/audit',
  staff: '/admin/staff',
} as const;
