import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { isStaffSignedIn } from './session.ts';

/** Staff screens are for signed-in staff only; others go to sign-in and come back afterwards. */
export default function RequireStaff({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!isStaffSignedIn()) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`${paths.signIn}?next=${next}`} replace />;
  }
  return <>{children}</>;
}
