import '../../ui/field.css';
import { useId, useState } from 'react';
import type { DayInfo } from '../../lib/week.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { splitCellKey, type GridStore } from './grid-store.ts';

/** The comment dialog of the grid's cell `cellKey`; focus goes back to the cell when it closes. */
export function CellCommentDialog({ store, cellKey, days, onSave, onClose }: { store: GridStore; cellKey: string; days: DayInfo[]; onSave: (comment: string) => void; onClose: () => void }) {
  const { rowKey, day } = splitCellKey(cellKey);
  return (
    <CommentDialog
      taskName={store.rows().find((r) => r.key === rowKey)?.name ?? ''}
      day={days[day]!}
      initial={store.cell(cellKey).comment}
      onSave={onSave}
      onClose={() => {
        onClose();
        requestAnimationFrame(() => {
          const index = store.rows().findIndex((r) => r.key === rowKey);
          document.querySelector<HTMLInputElement>(`.tgrid input[data-r="${index}"][data-c="${day}"]`)?.focus();
        });
      }}
    />
  );
}

/** The comment of one cell (the day's record). */
export function CommentDialog({ taskName, day, initial, onSave, onClose }: { taskName: string; day: DayInfo; initial: string; onSave: (comment: string) => void; onClose: () => void }) {
  const [text, setText] = useState(initial);
  const id = useId();
  const formId = `${id}-form`;
  return (
    <Dialog
      open
      size="sm"
      title="Comment"
      description={
        <>
          {taskName} · {day.full}
        </>
      }
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId}>
            Save comment
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(e) => {
          e.preventDefault();
          onSave(text.trim());
          onClose();
        }}
      >
        <label htmlFor={`${id}-text`} className="field__label">
          What did you work on?
        </label>
        <textarea
          id={`${id}-text`}
          className="field__input field__textarea"
          rows={4}
          maxLength={10000}
          value={text}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog opens to write the comment
          autoFocus
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) e.currentTarget.form?.requestSubmit();
          }}
        />
      </form>
    </Dialog>
  );
}
