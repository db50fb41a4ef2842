import { useState, type ReactNode } from 'react';
import { describeError } from '../../api/errors.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';

/** Asks before something that cannot be taken back when the question needs more than a sentence (a choice, a select); shows why it failed, if it does. */
export function ChoiceDialog({
  title,
  action,
  children,
  onConfirm,
  onCancel,
}: {
  title: string;
  action: string;
  children: ReactNode;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return (
    <Dialog
      open
      size="sm"
      title={title}
      onClose={onCancel}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Keep it
          </Button>
          <Button
            variant="danger"
            busy={busy}
            onClick={() => {
              setBusy(true);
              setError(null);
              onConfirm()
                .catch((e: unknown) => setError(e))
                .finally(() => setBusy(false));
            }}
          >
            {action}
          </Button>
        </>
      }
    >
      <div>{children}</div>
      {error !== null && <Alert tone="error">{describeError(error)}</Alert>}
    </Dialog>
  );
}
