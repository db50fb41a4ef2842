import { useSuspenseQuery } from '@tanstack/react-query';
import { useApi } from '../../api/context.ts';
import { Button } from '../../ui/button.tsx';
import { NotAllowed } from '../../ui/not-allowed.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { invoiceQueryOptions } from './api.ts';
import { day, money } from './format.ts';
import { InvoiceDocument } from './invoice-document.tsx';
import { InvoiceEditor } from './invoice-editor.tsx';
import styles from './invoice-page.module.css';
import { StatusActions } from './status-actions.tsx';
import { StatusBadge } from './status-badge.tsx';

export interface InvoicePageProps {
  invoiceId: number;
  teamName: string;
  onBack: () => void;
  onDeleted: () => void;
}

/** One invoice: its status and actions; a draft's editor, or the invoice as sent; and what Print makes. */
export function InvoicePage({ invoiceId, teamName, onBack, onDeleted }: InvoicePageProps) {
  const api = useApi();
  const { data: invoice } = useSuspenseQuery(invoiceQueryOptions(api, invoiceId));
  const draft = invoice.status === 'draft';
  return (
    <div className="page">
      <PageTitle>{`${invoice.publicId} for ${invoice.client.name}`}</PageTitle>
      <div data-print="hide">
        <Button variant="ghost" size="sm" onClick={onBack}>
          ← All invoices
        </Button>
      </div>
      <header className={styles.header} data-print="hide">
        <div>
          <h1 className="page__title">
            {invoice.publicId} <StatusBadge status={invoice.status} />
          </h1>
          <p className="page__subtitle">
            {invoice.client.name} · issued {day(invoice.issueDate)}
            {invoice.dueDate ? ` · due ${day(invoice.dueDate)}` : ''} · {money(invoice.totalAmount)}
          </p>
        </div>
        <StatusActions invoice={invoice} onDeleted={onDeleted} />
      </header>
      {draft ? (
        <div data-print="hide">
          <InvoiceEditor key={invoice.updatedAt} invoice={invoice} />
        </div>
      ) : (
        <div data-print="hide">
          <NotAllowed kind="lock" action="edit this invoice" because={`it is ${invoice.status}`}>
            Back to draft makes it editable again.
          </NotAllowed>
        </div>
      )}
      <InvoiceDocument invoice={invoice} teamName={teamName} printOnly={draft} />
    </div>
  );
}
