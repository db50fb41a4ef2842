import { useState } from 'react';
import type { Attachment } from '../../../contract/attachments.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Receipt } from './receipts.tsx';
import styles from './expense-form.module.css';

/** Receipts already on the server (saved, or uploaded before a reload): open each, remove after asking. */
export function SavedReceipts({
  files,
  readOnly,
  onRemove,
}: {
  files: readonly Attachment[];
  readOnly: boolean;
  onRemove: (file: Attachment) => void;
}) {
  const [asking, setAsking] = useState<Attachment | null>(null);
  if (files.length === 0) return null;
  return (
    <>
      <ul className={styles.saved} aria-label="Receipts of this expense">
        {files.map((r) => (
          <li key={r.id} className={styles.savedItem}>
            <Receipt file={r} size="md" withName />
            {!readOnly && (
              <Button size="sm" variant="ghost" aria-label={`Remove ${r.name}`} onClick={() => setAsking(r)}>
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
      {asking && (
        <ConfirmDialog
          title="Remove this receipt?"
          message={`${asking.name} comes off the expense when you save it.`}
          confirmLabel="Remove receipt"
          onConfirm={() => {
            onRemove(asking);
            setAsking(null);
          }}
          onCancel={() => setAsking(null)}
        />
      )}
    </>
  );
}
