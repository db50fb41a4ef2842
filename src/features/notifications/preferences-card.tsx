import '../../ui/field.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationChannel, NotificationKind } from '../../../contract/notifications.ts';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import * as notifications from '../../api/operations/notifications.ts';
import { Alert } from '../../ui/alert.tsx';
import { Card } from '../../ui/card.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { toast } from '../../ui/toast.tsx';
import { notificationKeys, preferencesQueryOptions } from './api.ts';

const kindLabels: Record<NotificationKind, string> = {
  'week.waiting': 'A week waits for my review',
  'timeoff.waiting': 'A time-off request waits for my review',
  'week.approved': 'My week is approved',
  'week.partly_approved': 'My week is partly approved',
  'week.rejected': 'My week is rejected',
  'timeoff.approved': 'My time off is approved',
  'timeoff.rejected': 'My time off is rejected',
  'reminder.submit': 'Reminder to submit my week',
  'reminder.missing': 'Reminder to log a short day',
  'reminder.timer': 'Reminder of a long-running timer',
  'digest.waiting': 'Daily summary of what waits for my review',
  'time.edited': 'A reviewer changed my time',
  'budget.refused': 'A budget refused my time',
  'budget.threshold': 'A budget reached its alert threshold',
  'budget.exceeded': 'A budget is used up',
  'webhook.disabled': 'A webhook turned off after failures',
  'import.finished': 'An import finished',
  'report.scheduled': 'A saved report sent to me each week or month',
};

/** Kinds only admins receive (budgets, webhooks, imports); the reviews waiting (`*.waiting`) reach admins and supervisors. */
const adminKinds: readonly NotificationKind[] = ['budget.threshold', 'budget.exceeded', 'webhook.disabled', 'import.finished'];

const channels: { value: NotificationChannel; label: string }[] = [
  { value: 'both', label: 'In the app and by email' },
  { value: 'app', label: 'In the app only' },
  { value: 'email', label: 'By email only' },
  { value: 'none', label: 'Off' },
];

/** Each kind of notification with where it arrives; a change is saved at once. Reviews show only to those who review. */
export default function NotificationPreferencesCard({ reviewer, admin }: { reviewer: boolean; admin: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const prefs = useQuery(preferencesQueryOptions(api));
  const save = useMutation({
    mutationFn: (p: { kind: NotificationKind; channel: NotificationChannel }) =>
      api.call(notifications.setPreferences, { body: { preferences: [p] } }),
    onSuccess: (data) => {
      queryClient.setQueryData(notificationKeys.preferences, data);
      toast('Notification setting saved.', 'success');
    },
    onError: (e) => toast(`Not saved. ${describeError(e)}`, 'error'),
  });
  const shown = (Object.keys(kindLabels) as NotificationKind[]).filter(
    (k) => (reviewer || !k.endsWith('.waiting')) && (admin || !adminKinds.includes(k)),
  );
  return (
    <Card title="Notifications">
      {prefs.isPending ? (
        <Skeleton width="100%" height="12rem" />
      ) : prefs.isError ? (
        <Alert tone="error" title="Notification settings did not load">
          {describeError(prefs.error)}
        </Alert>
      ) : (
        <div className="stack-md">
          {!prefs.data.emailEnabled && (
            <Alert tone="info" title="Email is off">
              {admin
                ? 'This server has no SMTP_URL, so it sends no email: notifications arrive in the app only until it is set.'
                : 'This server sends no email: notifications arrive in the app only.'}
            </Alert>
          )}
          <p className="card__text">Choose where each kind of notification reaches you.</p>
          <div className="notification-prefs">
            {shown.map((kind) => (
              <SelectField
                key={kind}
                label={kindLabels[kind]}
                options={channels}
                value={prefs.data.preferences.find((p) => p.kind === kind)?.channel ?? 'both'}
                disabled={save.isPending}
                onChange={(e) => save.mutate({ kind, channel: e.target.value as NotificationChannel })}
              />
            ))}
          </div>
        </div>
      )}
    </Card>
  );
}
