/** Staff session helpers around the shared PocketBase client. */
import { pb } from '../../config/pocketbase.ts';
import { registry } from '../../generated/registry.ts';

export const isStaffSignedIn = (): boolean => pb.authStore.isValid && pb.authStore.record?.collectionName === registry.staffCollection;

export const signIn = (email: string, password: string) => pb.collection(registry.staffCollection).authWithPassword(email, password);

export const signOut = (): void => pb.authStore.clear();

/** A 401/403 from the API means the session ended (expired token, disabled account). */
export const isSessionError = (err: unknown): boolean => {
  const status = (err as { status?: number } | null)?.status;
  return status === 401 || status === 403;
};
