import { Button } from '../button.tsx';
import { formatBytes } from './file-checks.ts';
import styles from './drop-zone.module.css';
import type { UploadItem } from './use-uploads.ts';

const statusText: Record<UploadItem<unknown>['status'], string> = {
  uploading: 'Uploading',
  done: 'Uploaded',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refused: 'Not sent',
  rejected: 'Refused',
};

/** One file of a drop zone: thumbnail, name, progress or outcome, and what can be done next. */
export function UploadRow<T>({ item, onCancel, onRetry, onRemove }: { item: UploadItem<T>; onCancel: () => void; onRetry: () => void; onRemove: () => void }) {
  const { file, status, progress } = item;
  const percent = progress === null ? undefined : Math.round(progress * 100);
  return (
    <li className={styles.item} data-status={status}>
      {item.preview ? <img className={styles.thumb} src={item.preview} alt="" /> : <span className={styles.icon} aria-hidden="true">{file.name.split('.').pop()?.slice(0, 4).toUpperCase()}</span>}
      <div className={styles.info}>
        <span className={styles.name}>{file.name}</span>
        <span className={styles.meta}>
          {formatBytes(file.size)} · <span role="status">{statusText[status]}</span>
          {status === 'uploading' && percent !== undefined && <span aria-hidden="true"> {percent}%</span>}
        </span>
        {status === 'uploading' && <progress className={styles.bar} max={100} value={percent} aria-label={`Uploading ${file.name}`} />}
        {item.message && (
          <span className={styles.message} role="alert">
            {item.message}
          </span>
        )}
      </div>
      <div className={styles.actions}>
        {status === 'uploading' && (
          <Button size="sm" variant="ghost" onClick={onCancel} aria-label={`Cancel ${file.name}`}>
            Cancel
          </Button>
        )}
        {(status === 'failed' || status === 'cancelled') && (
          <Button size="sm" onClick={onRetry} aria-label={`Retry ${file.name}`}>
            Retry
          </Button>
        )}
        {status !== 'uploading' && (
          <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${file.name}`}>
            Remove
          </Button>
        )}
      </div>
    </li>
  );
}
