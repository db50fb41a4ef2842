import './profile.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, type ReactNode } from 'react';
import type { User } from '../../../contract/users.ts';
import { roleLabels } from '../../i18n/role-labels.ts';
import { formatUtcOffset, initials } from '../../lib/format.ts';
import { Card } from '../../ui/card.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { DetailsCard } from './details-card.tsx';
import { LanguageCard } from './language-card.tsx';

const NotificationPreferencesCard = lazy(() => import('../notifications/preferences-card.tsx'));

/** The signed-in user's own profile: who they are, their team, and (given by the route) their API key. */
export function ProfilePage({ user, apiKey }: { user: User; apiKey?: ReactNode }) {
  const { t } = useLingui();
  const role = t(roleLabels[user.role]);
  const team = user.team?.name;
  const details: [string, string][] = [
    [t`Name`, user.name],
    [t`Role`, role],
    [t`Team`, user.team?.name ?? '\u2014'],
    [t`Email`, user.email ?? '\u2014'],
    [t`Timezone`, user.timezone === undefined ? '\u2014' : formatUtcOffset(user.timezone)],
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
            {team ? <Trans>{role} at {team}</Trans> : role}
          </p>
        </div>
      </header>
      <div className="page__grid">
        <Card title={t`Account`}>
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
        <LanguageCard user={user} />
        <Suspense fallback={<Skeleton width="100%" height="12rem" />}>
          <NotificationPreferencesCard reviewer={user.role === 'admin' || user.role === 'supervisor'} admin={user.role === 'admin'} />
        </Suspense>
      </div>
    </div>
  );
}
