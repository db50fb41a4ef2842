import { useId, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { Button } from '../button.tsx';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import styles from './drop-zone.module.css';
import { acceptOf, attachmentRules, formatBytes, type FileRules } from './file-checks.ts';
import { UploadRow } from './upload-row.tsx';
import { useUploads, type Uploader } from './use-uploads.ts';

export interface DropZoneProps<T> {
  /** What the files are for, e.g. "Receipts". */
  label: string;
  /** Sends one file, e.g. `(file, o) => uploadAttachment({ baseUrl, credential, file, ...o })`. */
  upload: Uploader<T>;
  /** Called with the server's answer for each file sent. */
  onUploaded?: (result: T, file: File) => void;
  /** Called when a sent file is removed from the list. */
  onRemoved?: (result: T) => void;
  /** Types and size limit; the attachment route's by default. */
  rules?: FileRules;
  multiple?: boolean;
  /** Offer the phone camera (a "Take a photo" button, on touch screens only). */
  camera?: boolean;
  disabled?: boolean;
  /**
   * Asks before removing a file that finished uploading: what removing it means, e.g. "It comes off the
   * expense when you save it." Without it a sent file is removed at once.
   */
  confirmRemove?: (name: string) => string;
}

/**
 * One place to add files: the picker, drag and drop, paste (Ctrl+V with the zone focused) and the phone
 * camera. Wrong types and files over the limit are refused before sending, with the reason; each file
 * shows its progress and can be cancelled, retried and removed.
 */
export function DropZone<T>({ label, upload, onUploaded, onRemoved, rules = attachmentRules, multiple = true, camera = true, disabled, confirmRemove }: DropZoneProps<T>) {
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const photo = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [asking, setAsking] = useState<{ id: number; name: string } | null>(null);
  const uploads = useUploads({ upload, rules, onUploaded, onRemoved });
  const take = (files: FileList | null | undefined) => {
    if (!files || files.length === 0 || disabled) return;
    uploads.add(multiple ? Array.from(files) : [files[0]!]);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files);
  };
  const onDragOver = (e: DragEvent) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    setOver(true);
  };
  const onPaste = (e: ClipboardEvent) => {
    if (e.clipboardData.files.length === 0) return;
    e.preventDefault();
    take(e.clipboardData.files);
  };
  const hint = `${rules.typesLabel}, up to ${formatBytes(rules.maxBytes)} each`;

  return (
    <div className={styles.root}>
      <div
        className={styles.zone}
        data-over={over || undefined}
        data-disabled={disabled || undefined}
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        // Focusable so that a pasted file (Ctrl+V) lands here.
        tabIndex={disabled ? -1 : 0}
        onDragOver={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        onPaste={onPaste}
      >
        <p className={styles.title} id={`${id}-label`}>
          {label}
        </p>
        <p className={styles.hint} id={`${id}-hint`}>
          Drop files here, paste, or choose them: {hint}.
        </p>
        <div className={styles.buttons}>
          <Button variant="secondary" disabled={disabled} onClick={() => picker.current?.click()}>
            Choose files
          </Button>
          {camera && (
            <Button variant="secondary" className={styles.camera} disabled={disabled} onClick={() => photo.current?.click()}>
              Take a photo
            </Button>
          )}
        </div>
        <input ref={picker} type="file" hidden accept={acceptOf(rules)} multiple={multiple} aria-label={`${label}: choose files`} onChange={(e) => (take(e.target.files), (e.target.value = ''))} />
        {camera && <input ref={photo} type="file" hidden accept="image/*" capture="environment" aria-label={`${label}: take a photo`} onChange={(e) => (take(e.target.files), (e.target.value = ''))} />}
      </div>
      {uploads.items.length > 0 && (
        <ul className={styles.list} aria-label={`${label}: files`}>
          {uploads.items.map((item) => (
            <UploadRow key={item.id} item={item} onCancel={() => uploads.cancel(item.id)} onRetry={() => uploads.retry(item.id)} onRemove={() => (confirmRemove && item.status === 'done' ? setAsking({ id: item.id, name: item.file.name }) : uploads.remove(item.id))} />
          ))}
        </ul>
      )}
      {asking && confirmRemove && (
        <ConfirmDialog
          title={`Remove ${asking.name}?`}
          message={confirmRemove(asking.name)}
          confirmLabel="Remove"
          onConfirm={() => {
            uploads.remove(asking.id);
            setAsking(null);
          }}
          onCancel={() => setAsking(null)}
        />
      )}
    </div>
  );
}
