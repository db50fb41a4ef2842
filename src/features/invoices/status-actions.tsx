import { useState } from 'react';
import { describeError } from '../../api/errors.ts';
import { formatDuration } from '../../lib/duration.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { toast } from '../../ui/toast.tsx';
import { DownloadPdfButton } from './download-pdf.tsx';
import { useDeleteInvoice, useSetStatus, type Invoice, type InvoiceStatus } from './api.ts';
import { money } from './format.ts';
import styles from './invoice-page.module.css';

const done: Record<InvoiceStatus, string> = { draft: 'is a draft again', sent: 'is marked as sent', paid: 'is marked as paid' };

/** What the invoice's status allows: send, pay, back to draft, delete a draft (after a confirm naming what it releases), download the PDF, print. */
export function StatusActions({ invoice, onDeleted }: { invoice: Invoice; onDeleted: () => void }) {
  const setStatus = useSetStatus(invoice.id);
  const remove = useDeleteInvoice(invoice.id);
  const [confirming, setConfirming] = useState(false);

  const change = (status: InvoiceStatus) =>
    setStatus.mutate(status, {
      onSuccess: (saved) => {
        const before = invoice.status;
        toast(`${saved.publicId} ${done[status]}.`, 'success', {
          undo: () => setStatus.mutate(before, { onError: (e) => toast(describeError(e), 'error') }),
        });
      },
      onError: (e) => toast(describeError(e), 'error'),
    });
  const busy = setStatus.isPending ? setStatus.variables : null;
  const button = (status: InvoiceStatus, label: string, variant: 'primary' | 'secondary' = 'secondary') => (
    <Button variant={variant} busy={busy === status} disabled={setStatus.isPending} onClick={() => change(status)}>
      {label}
    </Button>
  );
  const covered = [invoice.totalTime > 0 ? `${formatDuration(invoice.totalTime)} of time` : '', 'its expenses']
    .filter(Boolean)
    .join(' and ');

  return (
    <div className={styles.actions} data-print="hide">
      {invoice.status === 'draft' && button('sent', 'Mark as sent', 'primary')}
      {invoice.status === 'sent' && button('paid', 'Mark as paid', 'primary')}
      {invoice.status === 'paid' && button('sent', 'Back to sent')}
      {invoice.status !== 'draft' && button('draft', 'Back to draft')}
      <DownloadPdfButton invoice={invoice} />
      <Button onClick={() => window.print()}>Print</Button>
      {invoice.status === 'draft' && (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete draft
        </Button>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Delete draft ${invoice.publicId}?`}
          message={`The draft for ${invoice.client.name} (${money(invoice.totalAmount)}) will be deleted. The ${covered} it covers become uninvoiced again, ready for another invoice.`}
          confirmLabel="Delete draft"
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutateAsync().then(
              () => {
                setConfirming(false);
                toast(`Draft ${invoice.publicId} is deleted; its time and expenses are uninvoiced again.`, 'success');
                onDeleted();
              },
              (e: unknown) => {
                setConfirming(false);
                toast(describeError(e), 'error');
              },
            )
          }
        />
      )}
    </div>
  );
}
