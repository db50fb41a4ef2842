import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import type { RowInfo } from './grid-store.ts';

/** Removing a row that holds time clears that time: ask first. */
export function RemoveRowDialog({
  row,
  total,
  onCancel,
  onConfirm,
}: {
  row: RowInfo;
  total: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      title={`Remove ${row.name}?`}
      message={`The row holds ${total} this week. Removing it deletes that time.`}
      cancelLabel="Keep the row"
      confirmLabel={`Remove and clear ${total}`}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
