/**
 * The staff directory (GET /api/formwork/staff/directory): names for assignees and note authors, the
 * accounts an admin may assign to. Loaded once per session and shared by every component that asks
 * (the application page shows several); a failed load is tried again by the next screen that asks.
 */
import { useEffect, useState } from 'react';
import { pb } from '../../../config/pocketbase.ts';
import { fetchDirectory, type StaffMember } from './workApi.ts';

let cached: { token: string; staff: Promise<StaffMember[]> } | null = null;

function load(): Promise<StaffMember[]> {
  // Another sign-in (another account, other rights) loads it again.
  if (!cached || cached.token !== pb.authStore.token) {
    const staff = fetchDirectory();
    const entry = { token: pb.authStore.token, staff };
    cached = entry;
    staff.catch(() => {
      if (cached === entry) cached = null;
    });
  }
  return cached.staff;
}

/** The directory, empty until it comes (and when it cannot: e-mails then stand for names). */
export function useStaffDirectory(): StaffMember[] {
  const [staff, setStaff] = useState<StaffMember[]>([]);
  useEffect(() => {
    let live = true;
    load().then(
      (list) => live && setStaff(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return staff;
}

/** How a staff member is named: their name, else their e-mail; `fallback` for an id the directory lacks. */
export function staffName(staff: StaffMember[], id: string, fallback: string): string {
  const member = staff.find((s) => s.id === id);
  return member ? member.name || member.email : fallback;
}
