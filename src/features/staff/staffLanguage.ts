/**
 * The staff member's language: a setting of their account (the staff record's `language`; '' = the
 * site's default), which staff screens show in whatever language the public site was read in. Choosing
 * one saves it (POST /api/formwork/staff/me) and switches the screens at once.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLocale } from '../../app/locale.tsx';
import { pb } from '../../config/pocketbase.ts';
import type { Locale } from '../../engine/types.ts';
import { registry } from '../../generated/registry.ts';

const subscribe = (changed: () => void) => pb.authStore.onChange(changed);
const accountLanguage = (): string => String((pb.authStore.record as { language?: unknown } | null)?.language ?? '');

export const isStaffLocale = (value: string): value is Locale => (registry.languages as string[]).includes(value);

/** The signed-in account's language, or null when it has none (the site's choice then stands). */
export function useAccountLanguage(): Locale | null {
  const language = useSyncExternalStore(subscribe, accountLanguage, () => '');
  return isStaffLocale(language) ? language : null;
}

/**
 * Shows staff screens in the account's language, and gives the way to change it. Saving needs the
 * server's route; where it cannot be saved (an older server, offline) the screens switch all the same,
 * for this browser (the site remembers its last language), and `choose` says so by resolving false.
 */
export function useStaffLanguage(): { locale: Locale; choose: (language: Locale) => Promise<boolean> } {
  const { locale, setLocale } = useLocale();
  const preferred = useAccountLanguage();
  useEffect(() => {
    if (preferred && preferred !== locale) setLocale(preferred);
  }, [preferred, locale, setLocale]);
  const choose = useCallback(
    async (language: Locale): Promise<boolean> => {
      setLocale(language);
      try {
        const account = await pb.send<Record<string, unknown>>('/api/formwork/staff/me', { method: 'POST', body: { language }, requestKey: null });
        const record = pb.authStore.record;
        if (record) pb.authStore.save(pb.authStore.token, { ...record, ...account, language });
        return true;
      } catch {
        // The account keeps its language; the stored record must not switch the screens back meanwhile.
        const record = pb.authStore.record;
        if (record && preferred) pb.authStore.save(pb.authStore.token, { ...record, language });
        return false;
      }
    },
    [setLocale, preferred],
  );
  return { locale, choose };
}
