import { useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

export interface ConfirmDialogProps {
  title: string;
  /** Says exactly what will be lost, e.g. "The 3:30 logged on Monday for Design review will be deleted." */
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Destructive actions (the default) get the danger button. */
  tone?: 'danger' | 'primary';
  /** May return a promise: the button shows progress until it settles. */
  onConfirm: () => unknown;
  onCancel: () => void;
}

/** Asks before an action that loses something, naming what; Escape or Cancel keeps everything. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      size="sm"
      title={title}
      description={message}
      onClose={onCancel}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant={tone} busy={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {null}
    </Dialog>
  );
}
