import { Link } from '@tanstack/react-router';
import { NotAllowedPage } from '../../ui/not-allowed.tsx';

/** What a limited member sees at /expenses (the navigation does not offer it): why not, and the way back. */
export function NoExpenses() {
  return (
    <NotAllowedPage title="Expenses" action="log expenses" because="limited members have no expenses; an admin can change your role">
      <Link to="/timesheet">Back to your timesheet</Link>
    </NotAllowedPage>
  );
}
