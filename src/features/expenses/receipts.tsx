import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Attachment } from '../../../contract/attachments.ts';
import { downloadAttachment, saveBlob } from '../../api/download.ts';
import { describeError } from '../../api/errors.ts';
import { useSession } from '../../auth/context.ts';
import type { Session } from '../../auth/session.ts';
import { toast } from '../../ui/toast.tsx';
import { isImageName } from './model.ts';
import styles from './receipts.module.css';

/** The file of a receipt, read with the session's credential and kept while the screen lives. */
const receiptFileQuery = (session: Session, token: string) =>
  queryOptions({
    queryKey: ['attachments', 'file', token],
    queryFn: ({ signal }) => downloadAttachment(token, { baseUrl: session.baseUrl, credential: session.credential, signal }),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: 1,
  });

/** True once `ref` has come into view (thumbnails load only when seen). */
function useSeen(ref: React.RefObject<HTMLElement | null>) {
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (seen || !ref.current) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin: '200px' });
    io.observe(ref.current);
    return () => io.disconnect();
  }, [ref, seen]);
  return seen;
}

/** One object URL per file for the page's life: a thumbnail drawn again reuses it. */
const objectUrls = new WeakMap<Blob, string>();
function objectUrlOf(blob: Blob): string {
  let url = objectUrls.get(blob);
  if (!url) objectUrls.set(blob, (url = URL.createObjectURL(blob)));
  return url;
}

/** One receipt: a thumbnail for an image, an icon with the name for a PDF; a click downloads it. */
export function Receipt({ file, size = 'sm', withName = false }: { file: Attachment; size?: 'sm' | 'md'; withName?: boolean }) {
  const ref = useRef<HTMLButtonElement>(null);
  const session = useSession();
  const queryClient = useQueryClient();
  const image = isImageName(file.name);
  const seen = useSeen(ref);
  const thumb = useQuery({ ...receiptFileQuery(session, file.token), enabled: image && seen });
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await queryClient.fetchQuery(receiptFileQuery(session, file.token)), file.name);
    } catch (e) {
      toast(`${file.name} could not be downloaded: ${describeError(e)}`, 'error');
    } finally {
      setBusy(false);
    }
  };
  const ext = file.name.split('.').pop()?.slice(0, 4).toUpperCase() ?? 'FILE';
  return (
    <button
      ref={ref}
      type="button"
      className={`${styles.receipt} ${styles[size]}`}
      onClick={(e) => {
        e.stopPropagation();
        void download();
      }}
      aria-label={`Download ${file.name}`}
      title={file.name}
      aria-busy={busy || undefined}
    >
      {image && thumb.data ? (
        <img className={styles.thumb} src={objectUrlOf(thumb.data)} alt="" />
      ) : (
        <span className={styles.icon} aria-hidden="true">
          {ext}
        </span>
      )}
      {withName && <span className={styles.name}>{file.name}</span>}
    </button>
  );
}

/** The receipts of an expense in a row of the list. */
export function ReceiptStrip({ files }: { files: readonly Attachment[] }) {
  if (files.length === 0) return <span className={styles.none}>None</span>;
  return (
    <span className={styles.strip}>
      {files.slice(0, 3).map((f) => (
        <Receipt key={f.id} file={f} />
      ))}
      {files.length > 3 && <span className={styles.more}>+{files.length - 3}</span>}
    </span>
  );
}
