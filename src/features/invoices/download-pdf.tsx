import { useState } from 'react';
import { downloadFile, saveBlob } from '../../api/download.ts';
import { describeError } from '../../api/errors.ts';
import { pathOf } from '../../api/operation.ts';
import { pdf } from '../../api/operations/invoices.ts';
import { useSession } from '../../auth/context.ts';
import { paperFor } from '../../lib/paper.ts';
import { Button } from '../../ui/button.tsx';
import { toast } from '../../ui/toast.tsx';
import type { Invoice } from './api.ts';

/** Downloads the invoice as a PDF (`GET /invoices/{id}/pdf`) on the reader's paper, with the session's credential, as receipts download. */
export function DownloadPdfButton({ invoice }: { invoice: Invoice }) {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await downloadFile(pathOf(pdf.path, { invoice_id: invoice.id }), { paper: paperFor(navigator.language) }, {
        baseUrl: session.baseUrl,
        credential: session.credential,
      });
      saveBlob(blob, `invoice-${invoice.publicId}.pdf`);
    } catch (e) {
      toast(`The PDF of ${invoice.publicId} could not be downloaded: ${describeError(e)}`, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button busy={busy} onClick={() => void download()}>
      Download PDF
    </Button>
  );
}
