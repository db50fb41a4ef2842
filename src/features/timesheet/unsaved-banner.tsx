import { useCallback, useSyncExternalStore } from 'react';
import { Button } from '../../ui/button.tsx';
import { keysWith } from './grid-edits.ts';
import type { GridStore } from './grid-store.ts';

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
const plural = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);

/** Reads the failed and refused cells of the week, as a string so the snapshot is stable. */
function useSaveProblems(store: GridStore) {
  const read = () => {
    const failed = keysWith(store, 'failed').length;
    const reasons = [...new Set(keysWith(store, 'refused').map((k) => store.cell(k).refused?.message ?? ''))];
    return JSON.stringify({ failed, refused: keysWith(store, 'refused').length, reasons });
  };
  const text = useSyncExternalStore(
    useCallback((fn: () => void) => store.subscribe('status', fn), [store]),
    read,
  );
  return JSON.parse(text) as { failed: number; refused: number; reasons: string[] };
}

/**
 * What is not on the server: changes on their way again (network, server error) with Retry now, and
 * changes the server refused, with its reasons and Dismiss (the cells return to the server's values).
 * Drawn inside the page's status slot (`ts-banner-slot`), which is there from the first paint.
 */
export function UnsavedBanner({ store, onRetryAll, onDismissRefused }: { store: GridStore; onRetryAll: () => void; onDismissRefused: () => void }) {
  const { failed, refused, reasons } = useSaveProblems(store);
  return (
    <>
      {refused > 0 && (
        <div className="ts-banner ts-banner--refused">
          <span className="ts-banner__icon" aria-hidden="true">
            !
          </span>
          <span>
            <strong>{plural(refused, 'A change was', 'changes were')} refused and not saved:</strong>{' '}
            {reasons.length === 1 ? (
              sentence(reasons[0]!)
            ) : (
              <ul className="ts-banner__reasons">
                {reasons.map((r) => (
                  <li key={r}>{sentence(r)}</li>
                ))}
              </ul>
            )}{' '}
            Change the {refused === 1 ? 'cell' : 'cells'}, or dismiss to keep what the server has.
          </span>
          <Button size="sm" onClick={onDismissRefused}>
            Dismiss
          </Button>
        </div>
      )}
      {failed > 0 && (
        <div className="ts-banner">
          <span className="ts-banner__icon" aria-hidden="true">
            !
          </span>
          <span>
            {plural(failed, '1 change is', 'changes are')} not saved yet. {failed === 1 ? 'It is' : 'They are'} kept on this device and
            sent again automatically.
          </span>
          <Button size="sm" onClick={onRetryAll}>
            Retry now
          </Button>
        </div>
      )}
    </>
  );
}
