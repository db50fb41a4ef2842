import { useState, type ReactNode } from 'react';
import { StartTimerButton } from './lazy-header-timer.tsx';
import { formatClock } from '../../lib/duration.ts';
import { elapsedOf } from './api.ts';
import { useNow, useTimer } from './use-timer.ts';

export interface HeaderTimerProps {
  renderPicker: (onPick: (task: { id: string; name: string }) => void, close: () => void) => ReactNode;
  /** Opens on the task picker (Start was pressed before this code arrived). */
  picking?: boolean;
}

/**
 * The running timer in the header: task and ticking time with Stop, or Start with a task picker
 * (`renderPicker` is the timesheet's task search, composed by the route).
 */
export function HeaderTimer({ renderPicker, picking: pickingAtFirst = false }: HeaderTimerProps) {
  const { data, running, start, stop } = useTimer();
  const now = useNow(running !== null);
  const [picking, setPicking] = useState(pickingAtFirst);
  if (running) {
    return (
      <div className="htimer htimer--running">
        <span className="htimer__dot" aria-hidden="true" />
        <span className="htimer__task" title={running.task?.name}>
          {running.task?.name ?? 'Timer'}
        </span>
        <span className="htimer__clock" role="timer" aria-label={`Timer on ${running.task?.name ?? 'a task'}`}>
          {formatClock(elapsedOf(data, now))}
        </span>
        <button type="button" className="htimer__stop" disabled={stop.isPending} onClick={() => stop.mutate()}>
          <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
            <rect x="3.5" y="3.5" width="9" height="9" rx="1.5" fill="currentColor" />
          </svg>
          Stop
        </button>
      </div>
    );
  }
  return (
    <div className="htimer">
      {picking ? (
        <div className="htimer__picker">
          {renderPicker(
            (task) => {
              setPicking(false);
              start.mutate(task);
            },
            () => setPicking(false),
          )}
        </div>
      ) : (
        <StartTimerButton disabled={start.isPending} onClick={() => setPicking(true)} />
      )}
    </div>
  );
}
