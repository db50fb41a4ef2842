import { NotificationBell } from '../notifications/bell.tsx';
import { ClockButton } from '../timecards/clock-button.tsx';

/** What the header loads after the first paint: Clock in / out and the notification bell. */
export default function HeaderTools({ userId, today }: { userId: number; today: string }) {
  return (
    <div className="header-tools">
      <ClockButton userId={userId} today={today} />
      <NotificationBell />
    </div>
  );
}
