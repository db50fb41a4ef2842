import './profile.css';
import { lazy, Suspense, type ReactNode } from 'react';
import type { User } from '../../../contract/users.ts';
import { formatUtcOffset, initials, roleLabel } from '../../lib/format.ts';
import { Card } from '../../ui/card.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { DetailsCard } from './details-card.tsx';

const NotificationPreferencesCard = lazy(() => import('../notifications/preferences-card.tsx'));

/** The signed-in user's own profile: who they are, their team, and (given by the route) their API key. */
export function ProfilePage({ user, apiKey }: { user: User; apiKey?: ReactNode }) {
  const details: [string, string][] = [
    ['Name', user.name],
    ['Role', roleLabel(user.role)],
    ['Team', user.team?.name ?? '\u2014'],
    ['Email', user.email ?? '\u2014'],
    ['Timezone', user.timezone === undefined ? '\u2014' : formatUtcOffset(user.timezone)],
  ];
  return (
    <div className="page">
      <header className="page__header profile-hero">
        <span className="avatar avatar--lg" aria-hidden="true">
          {initials(user.name)}
        </span>
        <div>
          <h1 className="page__title">{user.name}</h1>
          <p className="page__subtitle">
            {roleLabel(user.role)}
            {user.team ? ` at ${user.team.name}` : ''}
          </p>
        </div>
      </header>
      <div className="page__grid">
        <Card title="Account">
          <dl className="details">
            {details.map(([term, value]) => (
              <div className="details__row" key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
        {apiKey}
        <DetailsCard user={user} />
        <Suspense fallback={<Skeleton width="100%" height="12rem" />}>
          <NotificationPreferencesCard reviewer={user.role === 'admin' || user.role === 'supervisor'} admin={user.role === 'admin'} />
        </Suspense>
      </div>
    </div>
  );
}
