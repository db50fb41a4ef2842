import { Link } from '@tanstack/react-router';
import { NotAllowedPage } from '../../ui/not-allowed.tsx';

/** What a member sees on a reviewers' screen: why not, and the way back. */
export function ManagersOnly({ what }: { what: string }) {
  return (
    <NotAllowedPage title={what} action={`open ${what}`} because="only admins and supervisors use this screen">
      <Link to="/timesheet">Back to your timesheet</Link>
    </NotAllowedPage>
  );
}
