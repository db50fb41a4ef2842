import './timer.css';
import { useState } from 'react';
import { loadLater, useLater } from '../../lib/load-later.ts';
import type { HeaderTimerProps } from './header-timer.tsx';

const timer = loadLater(() => import('./header-timer.tsx'));

/** Start, as the header draws it while no timer runs. */
export function StartTimerButton({ disabled, onClick }: { disabled?: boolean; onClick: () => void }) {
  return (
    <button type="button" className="htimer__start" disabled={disabled} onClick={onClick}>
      <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
        <path d="M5 3.5v9l7.5-4.5z" fill="currentColor" />
      </svg>
      Start timer
    </button>
  );
}

/**
 * The header's timer, whose code loads beside the first screen's data: until it is here, Start is drawn as
 * it will be, and a press on it opens the task picker as soon as the code arrives.
 */
export function LazyHeaderTimer({ renderPicker }: Pick<HeaderTimerProps, 'renderPicker'>) {
  const [pressed, setPressed] = useState(false);
  const code = useLater(timer);
  return code ? (
    <code.HeaderTimer renderPicker={renderPicker} picking={pressed} />
  ) : (
    <div className="htimer">
      <StartTimerButton onClick={() => timer.use(() => setPressed(true))} />
    </div>
  );
}
