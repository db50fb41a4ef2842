import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import { keys } from '../../api/keys.ts';
import { toast } from '../../ui/toast.tsx';
import { clockIn, clockOut, timecardsQueryOptions } from './api.ts';
import { clockInMessage, resumeOf } from './clock-time.ts';
import s from './clock-button.module.css';

/** Clock in / clock out in the header; "Clocked in since 09:02" while today's shift runs. */
export function ClockButton({ userId, today }: { userId: number; today: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { data } = useQuery(timecardsQueryOptions(api, userId, today, today));
  const [busy, setBusy] = useState(false);
  const card = data?.find((c) => c.date === today);
  const running = Boolean(card?.clockIn && !card.clockOut);
  // Back after clocking out: the shift goes on from its first clock-in, and the time away is a break.
  const resumed = card ? resumeOf(card) : null;

  const act = () => {
    setBusy(true);
    (running ? clockOut : clockIn)(api, userId, today)
      .then((answer) => {
        if (!running) toast(clockInMessage(answer), 'success');
        return queryClient.invalidateQueries({ queryKey: keys.timecards.ofUser(userId) });
      })
      .catch((e: unknown) => toast(`${running ? 'Could not clock out.' : 'Could not clock in.'} ${describeError(e)}`, 'error'))
      .finally(() => setBusy(false));
  };

  if (data === undefined) return null;
  return (
    <div className={s.clock}>
      {running && (
        <span className={s.since} role="status">
          <span className={s.dot} aria-hidden="true" />
          <span className="visually-hidden">{resumed ? 'Clocked in again, ' : 'Clocked in '}</span>
          {resumed ? `back since ${resumed.at}` : `since ${card!.clockIn}`}
        </span>
      )}
      <button type="button" className={running ? s.out : s.in} disabled={busy || card?.isLocked} onClick={act}>
        {running ? 'Clock out' : 'Clock in'}
      </button>
    </div>
  );
}
