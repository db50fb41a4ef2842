import { useEffect, useState } from 'react';

/** Runs `fn` once the browser has painted the next frame (a frame, then a task after it); answers a cancel. */
export function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * False until the screen has painted once with `ready` true. A part that can wait (a side card, a form's checks)
 * starts its code after what the user came for is on the screen, not alongside it.
 */
export function useAfterPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => (ready && !painted ? afterPaint(() => setPainted(true)) : undefined), [ready, painted]);
  return painted;
}
