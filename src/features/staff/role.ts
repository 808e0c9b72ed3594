/** What the signed-in staff member may do: viewers read; admins also act (the server enforces the same). */
import { pb } from '../../config/pocketbase.ts';

/** The staff collection's roles (generator/transform/collections.ts, pb_hooks/lib/staffAccounts.js). */
export const STAFF_ROLES = ['viewer', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: unknown): value is StaffRole => STAFF_ROLES.includes(value as StaffRole);

export const isAdmin = (): boolean => pb.authStore.record?.role === 'admin';
