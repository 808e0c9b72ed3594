/** The staff session around the shared PocketBase client (auth collection: registry.staffCollection). */
import { paths } from '../../config/paths.ts';
import { pb } from '../../config/pocketbase.ts';
import { registry } from '../../generated/registry.ts';

/** signed-in, or why not: "expired" when a stored session ran out (the sign-in page says so). */
export function sessionState(): 'signed-in' | 'expired' | 'signed-out' {
  if (pb.authStore.isValid && pb.authStore.record?.collectionName === registry.staffCollection) return 'signed-in';
  return pb.authStore.token ? 'expired' : 'signed-out';
}

export const signIn = (email: string, password: string) => pb.collection(registry.staffCollection).authWithPassword(email, password);

/** Forgets the session in this browser only (for one the server already refused). */
export const signOut = (): void => pb.authStore.clear();

/** How long the sign-out button waits for the server before signing out here all the same. */
const SIGN_OUT_WAIT_MS = 5000;

/**
 * The sign-out button: the server ends the session first (POST /api/formwork/staff/sign-out revokes
 * every token of the account, so a copy of this one is worthless too), then this browser forgets it,
 * also when the server cannot be reached: signing out never leaves someone signed in here.
 */
export async function endSession(): Promise<void> {
  try {
    await pb.send('/api/formwork/staff/sign-out', { method: 'POST', requestKey: null, signal: AbortSignal.timeout(SIGN_OUT_WAIT_MS) });
  } catch {
    // Offline, slow or already ended: the token still expires within its hours.
  }
  signOut();
}

/** Asks the server whether the stored session still holds (a revoked or tampered token looks valid locally). */
export const verifySession = () => pb.collection(registry.staffCollection).authRefresh();

/**
 * PocketBase answers 401 when a request needs a valid session and has none. A 403 is a refused action
 * (a rule said no), which signing in again would not change.
 */
export const isSessionError = (err: unknown): boolean => (err as { status?: number } | null)?.status === 401;

/** The sign-in page, coming back to `next` afterwards. */
export const signInPath = (next: string, expired = false): string =>
  `${paths.signIn}?${expired ? 'expired=1&' : ''}next=${encodeURIComponent(next)}`;

/** Only same-site paths are followed after sign-in (no open redirect). */
export const safeNext = (next: string | null): string | null => (next && next.startsWith('/') && !next.startsWith('//') ? next : null);
