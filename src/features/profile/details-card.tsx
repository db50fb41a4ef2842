import '../../ui/card.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import type { User } from '../../../contract/users.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { NotAllowed } from '../../ui/not-allowed.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';

// The form (and the contract's schema it checks with) loads when the user asks to edit.
const DetailsForm = lazy(() => import('./details-form.tsx'));

/** Edit your details: admins edit them here; everyone else is told why they can't. */
export function DetailsCard({ user }: { user: User }) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const team = user.team?.name;
  return (
    <Card title={t`Your details`}>
      {user.role !== 'admin' ? (
        <NotAllowed sentence={t`You can’t edit your details because only admins change people’s names, roles and week starts.`}>
          {team ? <Trans>Ask an admin of {team}.</Trans> : <Trans>Ask an admin of your team.</Trans>}
        </NotAllowed>
      ) : editing ? (
        <Suspense fallback={<Skeleton width="100%" height="12rem" />}>
          <DetailsForm user={user} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        <>
          <p className="card__text">
            <Trans>Your name, headline, role and the day your week starts.</Trans>
          </p>
          <Button onClick={() => setEditing(true)}>
            <Trans>Edit details</Trans>
          </Button>
        </>
      )}
    </Card>
  );
}
