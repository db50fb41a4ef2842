import { memo, useMemo, useRef, useState } from 'react';
import { formatCell, type DurationFormat } from '../../lib/duration.ts';
import { perfEnabled } from '../../lib/perf.ts';
import { selectionBounds, type GridStore } from './grid-store.ts';
import { loadWeekActions, somethingWaits, weekActionsNow, withWeekActions } from './lazy-week-actions.ts';
import { useStore } from './use-grid-store.ts';
import type { CellEdit, GridActions, GridNav } from './week-grid.tsx';

interface CellProps {
  store: GridStore;
  cellId: string;
  row: number;
  col: number;
  headerId: string;
  colHeaderId: string;
  weekend: boolean;
  isToday: boolean;
  format: DurationFormat;
  actions: GridActions;
  nav: GridNav;
}

export const GridCell = memo(function GridCell({
  store,
  cellId,
  row,
  col,
  headerId,
  colHeaderId,
  weekend,
  isToday,
  format,
  actions,
  nav,
}: CellProps) {
  const cell = useStore(store, `cell:${cellId}`, () => store.cell(cellId));
  const selected = useStore(store, 'selection', () => {
    const sel = store.getSelection();
    if (!sel) return false;
    const b = selectionBounds(sel);
    return b.top !== b.bottom || b.left !== b.right ? row >= b.top && row <= b.bottom && col >= b.left && col <= b.right : false;
  });
  const [draft, setDraftState] = useState<string | null>(null);
  // The draft as the editing code reads it between renders (a key replayed right after a typed one).
  const draftNow = useRef<string | null>(null);
  const edit = useMemo<CellEdit>(
    () => ({
      store,
      cellId,
      row,
      col,
      actions,
      nav,
      draft: () => draftNow.current,
      setDraft: (text) => {
        draftNow.current = text;
        setDraftState(text);
      },
    }),
    [store, cellId, row, col, actions, nav],
  );
  const text = draft ?? cell.invalid?.text ?? formatCell(cell.refused?.seconds ?? cell.seconds, format);
  const descId = `${cellId.replace(/\W/g, '-')}-desc`;

  const status = cell.locked ? 'locked' : cell.invalid ? 'invalid' : cell.status;
  const describe = [
    cell.locked ? `Locked: ${cell.lockReasons.join('. ')}` : '',
    cell.invalid ? `Not a duration: ${cell.invalid.message}` : '',
    cell.status === 'saving' ? 'Saving' : '',
    cell.status === 'failed' ? (cell.error ?? 'Not saved') : '',
    cell.refused ? `Refused, not saved: ${cell.refused.message}` : '',
    cell.comment ? `Comment: ${cell.comment}` : '',
  ]
    .filter(Boolean)
    .join('. ');

  return (
    <td
      role="gridcell"
      aria-colindex={col + 2}
      aria-selected={selected || undefined}
      className={`tgrid__cell is-${status}${weekend ? ' is-weekend' : ''}${isToday ? ' is-today' : ''}${selected ? ' is-selected' : ''}`}
      title={
        cell.locked ? cell.lockReasons.join('\n') : cell.invalid || cell.refused ? undefined : (cell.error ?? (cell.comment || undefined))
      }
    >
      <input
        className="tgrid__input"
        data-r={row}
        data-c={col}
        value={text}
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        readOnly={cell.locked}
        aria-readonly={cell.locked || undefined}
        aria-invalid={cell.invalid ? true : undefined}
        aria-labelledby={`${headerId} ${colHeaderId}`}
        aria-describedby={describe ? descId : undefined}
        aria-keyshortcuts="Shift+Enter"
        onFocus={(e) => e.currentTarget.select()}
        onBlur={() => withWeekActions((m) => m.commitCell(edit))}
        onChange={(e) => {
          if (cell.locked) return;
          edit.setDraft(e.target.value);
          // The totals follow a valid draft as soon as the editing code is here.
          void loadWeekActions().then((m) => m?.previewCell(edit));
        }}
        onKeyDown={(e) => {
          if (perfEnabled()) performance.mark('tk-key');
          const m = weekActionsNow();
          if (m) return m.cellKeyDown(edit, e);
          const { key, shiftKey, ctrlKey, metaKey, altKey } = e;
          // Typing goes into the cell as usual until a key has to wait; from then on every key waits its turn.
          if (!somethingWaits() && key.length === 1 && !ctrlKey && !metaKey && !altKey) return;
          if (key === 'Shift' || key === 'Control' || key === 'Alt' || key === 'Meta') return;
          e.preventDefault();
          withWeekActions((m2) => m2.replayKey({ key, shiftKey, ctrlKey, metaKey, altKey }));
        }}
        onPaste={(e) => {
          const m = weekActionsNow();
          if (m) return m.cellPaste(edit, e);
          e.preventDefault();
          const data = e.clipboardData.getData('text/plain');
          withWeekActions((m2) => m2.replayPaste(edit, data));
        }}
      />
      <CellBadge status={status} hasComment={cell.comment !== ''} />
      {cell.status === 'failed' && (
        <button type="button" className="cell-retry" tabIndex={-1} aria-label="Retry saving" onClick={() => actions.retry(cellId)}>
          Retry
        </button>
      )}
      {!cell.locked && cell.seconds > 0 && (
        <button
          type="button"
          className={`cell-comment${cell.comment ? ' has-comment' : ''}`}
          tabIndex={-1}
          aria-label={cell.comment ? 'Edit the comment' : 'Add a comment'}
          onClick={() => actions.openComment(cellId)}
        >
          <CommentIcon />
        </button>
      )}
      {cell.refused && (
        <button
          type="button"
          className="cell-dismiss"
          tabIndex={-1}
          aria-label="Dismiss the refused change"
          title="Dismiss: keep the server's value"
          onClick={() => actions.dismiss(cellId)}
        >
          <svg viewBox="0 0 16 16" width="10" height="10" aria-hidden="true" focusable="false">
            <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      )}
      {(cell.invalid || cell.refused) && (
        <span className="cell-message" role="presentation">
          {cell.invalid?.message ?? cell.refused?.message}
        </span>
      )}
      {describe && (
        <span id={descId} className="visually-hidden">
          {describe}
        </span>
      )}
    </td>
  );
});

function CellBadge({ status, hasComment }: { status: string; hasComment: boolean }) {
  if (status === 'locked')
    return (
      <span className="cell-badge cell-badge--locked" aria-hidden="true">
        <svg viewBox="0 0 16 16" width="11" height="11" focusable="false">
          <rect x="3.5" y="7" width="9" height="6.5" rx="1.5" fill="currentColor" />
          <path d="M5.5 7V5a2.5 2.5 0 015 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </span>
    );
  if (status === 'invalid' || status === 'failed' || status === 'refused')
    return (
      <span className={`cell-badge cell-badge--${status}`} aria-hidden="true">
        !
      </span>
    );
  if (status === 'saving') return <span className="cell-badge cell-badge--saving" aria-hidden="true" />;
  if (status === 'saved')
    return (
      <span className="cell-badge cell-badge--saved" aria-hidden="true">
        {'\u2713'}
      </span>
    );
  if (hasComment) return <span className="cell-badge cell-badge--comment" aria-hidden="true" />;
  return null;
}

function CommentIcon() {
  return (
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <path d="M3 3.5h10v7H7l-3 2.5v-2.5H3z" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
    </svg>
  );
}
