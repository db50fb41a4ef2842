/**
 * `use-sync-external-store/shim/with-selector` on React's own `useSyncExternalStore` (vite.config.ts aliases
 * the package's copy to this one): the same memoised selection, without the CommonJS shim around it.
 */
import { useEffect, useMemo, useRef, useSyncExternalStore, type RefObject } from 'react';

type Held<S> = RefObject<{ hasValue: boolean; value: S | null }>;

/** Reads the selection of a snapshot, the same object as long as the snapshot, or an equal selection, stays. */
function memoSelector<Snapshot, Selection>(
  held: Held<Selection>,
  selector: (s: Snapshot) => Selection,
  isEqual?: (a: Selection, b: Selection) => boolean,
) {
  let hasMemo = false;
  let memoSnapshot: Snapshot;
  let memoSelection: Selection;
  return (next: Snapshot): Selection => {
    if (!hasMemo) {
      hasMemo = true;
      memoSnapshot = next;
      const selection = selector(next);
      const last = held.current;
      if (isEqual && last.hasValue && isEqual(last.value as Selection, selection)) return (memoSelection = last.value as Selection);
      return (memoSelection = selection);
    }
    if (Object.is(memoSnapshot, next)) return memoSelection;
    const selection = selector(next);
    memoSnapshot = next;
    if (isEqual && isEqual(memoSelection, selection)) return memoSelection;
    return (memoSelection = selection);
  };
}

export function useSyncExternalStoreWithSelector<Snapshot, Selection>(
  subscribe: (onStoreChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  getServerSnapshot: undefined | null | (() => Snapshot),
  selector: (snapshot: Snapshot) => Selection,
  isEqual?: (a: Selection, b: Selection) => boolean,
): Selection {
  // What was last rendered: a new selection equal to it is not a change.
  const held: Held<Selection> = useRef({ hasValue: false, value: null });
  const [getSelection, getServerSelection] = useMemo(() => {
    // Read when React reads the snapshot, as the package's own version does.
    // eslint-disable-next-line react-hooks/refs
    const select = memoSelector(held, selector, isEqual);
    return [() => select(getSnapshot()), getServerSnapshot ? () => select(getServerSnapshot()) : undefined];
  }, [getSnapshot, getServerSnapshot, selector, isEqual]);
  const value = useSyncExternalStore(subscribe, getSelection, getServerSelection);
  useEffect(() => {
    held.current = { hasValue: true, value };
  }, [value]);
  return value;
}
