/** What the signed-in staff member may do: viewers read; admins also act (the server enforces the same). */
import { pb } from '../../config/pocketbase.ts';

export const isAdmin = (): boolean => pb.authStore.record?.role === 'admin';
