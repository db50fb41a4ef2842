import { useSyncExternalStore } from 'react';

const QUERY = '(max-width: 720px)';

/** True on a phone-sized screen, following rotation and resizing. */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    (fn) => {
      const mq = window.matchMedia(QUERY);
      mq.addEventListener('change', fn);
      return () => mq.removeEventListener('change', fn);
    },
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
