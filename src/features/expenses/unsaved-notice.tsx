import { useState } from 'react';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import type { ExpenseDraft } from './draft.ts';
import styles from './expenses.module.css';

/** An expense that was not saved (a failed save, a closed tab): open it again, or let it go. */
export function UnsavedNotice({ draft, onOpen, onDiscard }: { draft: ExpenseDraft; onOpen: () => void; onDiscard: () => void }) {
  const [asking, setAsking] = useState(false);
  const n = draft.receipts.length;
  const receipts = n === 0 ? '' : ` with ${n === 1 ? 'its receipt' : `${n} receipts`}`;
  return (
    <Alert tone="info" live={false} title="An expense is not saved yet">
      <p>
        Your {draft.expenseId === null ? 'new expense' : 'changes to an expense'}
        {draft.date ? ` of ${draft.date}` : ''}
        {receipts} {draft.expenseId === null ? 'is' : 'are'} kept on this device until you save {draft.expenseId === null ? 'it' : 'them'}.
      </p>
      <div className={styles.actions}>
        <Button size="sm" variant="primary" onClick={onOpen}>
          Continue
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setAsking(true)}>
          Discard
        </Button>
      </div>
      {asking && (
        <ConfirmDialog
          title="Discard the unsaved expense?"
          message={`What you entered${receipts} will not be kept.`}
          confirmLabel="Discard"
          onCancel={() => setAsking(false)}
          onConfirm={onDiscard}
        />
      )}
    </Alert>
  );
}
