import { useEffect, useState } from 'react';
import { toast } from '../ui/toast.tsx';

/** Code fetched with `import()` once it is needed, not with the first screen: see `loadLater`. */
export interface Later<M> {
  /** Fetches the code once (later calls share the fetch); resolves to nothing if it cannot load, and the next call tries again. */
  load(): Promise<M | undefined>;
  /**
   * Runs `fn` with the code: at once when it is here, otherwise once it arrives, after what waits, in order.
   * If the code cannot load, the user is told once and what waits stays: the next use (or load) asks for it again.
   */
  use(fn: (code: M) => void): void;
  /** The code when it is here (nothing waits for it then: a new action may run at once). */
  now(): M | undefined;
  /** Whether something the user did waits for the code. */
  waits(): boolean;
}

/** The one way the app loads a part later (see `Later`). */
export function loadLater<M>(importer: () => Promise<M>): Later<M> {
  let code: M | undefined;
  let loading: Promise<M | undefined> | undefined;
  const waiting: ((code: M) => void)[] = [];
  const load = () =>
    (loading ??= importer().then(
      (m) => {
        code = m;
        // All taken out before they run: the code is then "now" for what they do in turn (a replayed key).
        for (const fn of waiting.splice(0)) fn(m);
        return m;
      },
      () => {
        loading = undefined;
        if (waiting.length) toast('Part of the app could not load. Check the connection and try again.', 'error');
        return undefined;
      },
    ));
  return {
    load,
    use(fn) {
      if (code) return fn(code);
      waiting.push(fn);
      void load();
    },
    now: () => code,
    waits: () => waiting.length > 0,
  };
}

/**
 * A component's code that loads later: the code once it is here (the component draws again when it arrives),
 * until then nothing. `wanted`: the user opened the part and waits for it (they are told if it cannot load,
 * and the next draw asks again); otherwise it is fetched quietly.
 */
export function useLater<M>(later: Later<M>, wanted?: boolean): M | undefined {
  const [code, arrived] = useState(later.now);
  // With no list: every draw while the code is missing asks again (after a failure, that is the retry).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (code) return;
    if (wanted) later.use(arrived);
    else void later.load().then(arrived);
  });
  return code;
}
