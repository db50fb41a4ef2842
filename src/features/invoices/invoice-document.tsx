import type { Invoice } from './api.ts';
import { periodText } from '../../lib/invoice-figures.ts';
import { day, figures, money, quantity } from './format.ts';
import styles from './invoice-document.module.css';
import { Totals } from './totals.tsx';

export interface InvoiceDocumentProps {
  invoice: Invoice;
  teamName: string;
  /** Drafts show it in print only (the editor is on screen); sent and paid invoices show it on screen too. */
  printOnly: boolean;
}

/** The invoice as the client gets it: one page from the browser's Print, without the app around it. */
export function InvoiceDocument({ invoice, teamName, printOnly }: InvoiceDocumentProps) {
  const { client } = invoice;
  return (
    <article className={`${styles.doc} ${printOnly ? styles.printOnly : ''}`} aria-label={`Invoice ${invoice.publicId}`}>
      <header className={styles.top}>
        <div>
          <p className={styles.team}>{teamName}</p>
          <p className={styles.kind}>Invoice</p>
        </div>
        <dl className={styles.meta}>
          <div>
            <dt>Number</dt>
            <dd>{invoice.publicId}</dd>
          </div>
          <div>
            <dt>Issued</dt>
            <dd>{day(invoice.issueDate)}</dd>
          </div>
          <div>
            <dt>Due</dt>
            <dd>{day(invoice.dueDate) || 'On receipt'}</dd>
          </div>
          {invoice.reference && (
            <div>
              <dt>Reference</dt>
              <dd>{invoice.reference}</dd>
            </div>
          )}
        </dl>
      </header>
      <section className={styles.billTo} aria-label="Bill to">
        <p className={styles.label}>Bill to</p>
        <p className={styles.client}>{client.name}</p>
        {client.businessDetails && <p className={styles.business}>{client.businessDetails}</p>}
        {periodText(invoice, figures) && <p className={styles.period}>{periodText(invoice, figures)}</p>}
      </section>
      <table className={styles.lines}>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col" className={styles.num}>
              Quantity
            </th>
            <th scope="col" className={styles.num}>
              Rate
            </th>
            <th scope="col" className={styles.num}>
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.invoiceItems.map((item) => (
            <tr key={item.id}>
              <td>{item.name}</td>
              <td className={styles.num}>{quantity(item.quantity)}</td>
              <td className={styles.num}>{item.rate === null ? '' : money(item.rate)}</td>
              <td className={styles.num}>{money(item.listAmount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Totals invoice={invoice} />
      {invoice.publicNotes && <p className={styles.notes}>{invoice.publicNotes}</p>}
    </article>
  );
}
