import { dayInfo } from '../../lib/week.ts';
import s from './day-switcher.module.css';

export interface DaySwitcherProps {
  dates: readonly string[];
  shown: string;
  today: string;
  /** Days with a problem or an unsaved change: marked, so nothing hides on another day. */
  flagged: ReadonlySet<string>;
  /** Days with approved or pending time off: marked, so the week's time off shows without opening each day. */
  timeOff: ReadonlySet<string>;
  onShow: (date: string) => void;
}

/** The phone's week: one button per day, the chosen day shown below. */
export function DaySwitcher({ dates, shown, today, flagged, timeOff, onShow }: DaySwitcherProps) {
  return (
    <div className={s.days} role="group" aria-label="Day shown">
      {dates.map((date) => {
        const day = dayInfo(date);
        return (
          <button
            key={date}
            type="button"
            className={`${s.day} ${date === today ? s.today : ''}`}
            aria-pressed={date === shown}
            aria-label={`${day.full}${date === today ? ', today' : ''}${timeOff.has(date) ? ', time off' : ''}${flagged.has(date) ? ', needs attention' : ''}`}
            onClick={() => onShow(date)}
          >
            <span className={s.name} aria-hidden="true">
              {day.short}
            </span>
            <span className={s.num} aria-hidden="true">
              {day.dayOfMonth}
            </span>
            {timeOff.has(date) && <span className={s.off} aria-hidden="true" />}
            {flagged.has(date) && <span className={s.flag} aria-hidden="true" />}
          </button>
        );
      })}
    </div>
  );
}
