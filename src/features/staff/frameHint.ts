/**
 * The formwork.staff cookie: the role of the staff member signed in on this browser, so that the server
 * can answer a staff list's address with that role's prerendered frame (the page around the list, shown
 * before the script has run; pb_hooks/static.pb.js, docs/prerendering.md). It is a hint, never a
 * credential: the session stays in localStorage, the records come only with it, and a frame holds no
 * data. It lasts as long as the session's token, and goes with sign-out or a session found invalid.
 */
import { getTokenPayload } from 'pocketbase';
import { pb } from '../../config/pocketbase.ts';
import { registry } from '../../generated/registry.ts';
import { STAFF_FRAME_COOKIE } from '../../prerender/marker.ts';
import { isStaffRole } from './role.ts';

/** Writes or clears the cookie to match the stored session. */
export function syncFrameHint(): void {
  if (typeof document === 'undefined') return; // the build's prerender has no cookies
  const record = pb.authStore.record;
  const role = pb.authStore.isValid && record?.collectionName === registry.staffCollection ? record.role : null;
  const exp = Number(getTokenPayload(pb.authStore.token).exp);
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie =
    isStaffRole(role) && Number.isFinite(exp)
      ? `${STAFF_FRAME_COOKIE}=${role}; path=/; expires=${new Date(exp * 1000).toUTCString()}; samesite=lax${secure}`
      : `${STAFF_FRAME_COOKIE}=; path=/; max-age=0; samesite=lax${secure}`;
}
