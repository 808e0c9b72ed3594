import { Outlet } from 'react-router-dom';
import { UntilHydrated } from '../components/UntilHydrated.tsx';
import { LocaleProvider } from './locale.tsx';
import { RouteFocus } from './RouteFocus.tsx';
import { ScrollReset } from './ScrollReset.tsx';

/**
 * Every route renders inside the language provider, in one of two layouts below it: the public site's
 * (app/PublicLayout.tsx: header, language tabs, footer) or the staff console's full-width frame
 * (features/staff/StaffShell.tsx). Each layout holds the screen's <main id={MAIN_ID}>.
 */
export default function Root() {
  return (
    <LocaleProvider>
      {/* Before the screens: its effects run before theirs (RouteFocus.tsx). */}
      <RouteFocus />
      {/* On a prerendered page the controls wait for the script (links work at once): typed text would
          not be sent, a native submit of the sign-in form would put the password in the address, and
          a language tab would do nothing. */}
      <UntilHydrated>
        <Outlet />
      </UntilHydrated>
      <ScrollReset />
    </LocaleProvider>
  );
}
