import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
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
    <Dialog
      open
      size="sm"
      title={`Remove ${row.name}?`}
      description={`The row holds ${total} this week. Removing it deletes that time.`}
      onClose={onCancel}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel}>
            Keep the row
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            Remove and clear {total}
          </Button>
        </>
      }
    >
      {null}
    </Dialog>
  );
}
