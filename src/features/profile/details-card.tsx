import '../../ui/card.css';
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
  const [editing, setEditing] = useState(false);
  return (
    <Card title="Your details">
      {user.role !== 'admin' ? (
        <NotAllowed action="edit your details" because="only admins change people's names, roles and week starts">
          Ask an admin of {user.team?.name ?? 'your team'}.
        </NotAllowed>
      ) : editing ? (
        <Suspense fallback={<Skeleton width="100%" height="12rem" />}>
          <DetailsForm user={user} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        <>
          <p className="card__text">Your name, headline, role and the day your week starts.</p>
          <Button onClick={() => setEditing(true)}>Edit details</Button>
        </>
      )}
    </Card>
  );
}
