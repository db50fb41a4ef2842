import { i18n } from '@lingui/core';
import { useMemo, useSyncExternalStore } from 'react';

/*
 * What the `useLingui` macro (`@lingui/react/macro`) calls in this app (scripts/lingui-macro.ts points it here):
 * the one i18n instance, with no provider in the tree. It stands for @lingui/react's provider and hook, which the
 * first screen would otherwise download. A component re-renders when the language changes.
 */

let version = 0;
i18n.on('change', () => {
  version++;
});
const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const snapshot = () => `${version}:${i18n.locale}`;

export function useLingui() {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  // A new `_` for each language, so memoised components that take it see the change.
  return useMemo(() => ({ i18n, _: i18n.t.bind(i18n), locale: current }), [current]);
}
