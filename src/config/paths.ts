/** Routes that are not declared by schemas. */
export const paths = {
  signIn: '/staff/sign-in',
} as const;
