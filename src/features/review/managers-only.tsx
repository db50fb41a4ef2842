import { Link } from '@tanstack/react-router';

/** What a member sees on a reviewers' screen: why not, and the way back. */
export function ManagersOnly({ what }: { what: string }) {
  return (
    <div className="page">
      <h1 className="page__title">{what}</h1>
      <p className="page__subtitle">Only admins and supervisors can see {what.toLowerCase()}: you can't open this screen with your role.</p>
      <p>
        <Link to="/timesheet">Back to your timesheet</Link>
      </p>
    </div>
  );
}
