import { useState, type KeyboardEvent } from 'react';
import type { FieldChange } from './field-saver.ts';
import s from './timecards.module.css';

export interface CardFieldProps {
  label: string;
  /** The value as the server has it, formatted. */
  shown: string;
  change: FieldChange | undefined;
  /** Saved a moment ago: says so briefly. */
  saved: boolean;
  readOnly: boolean;
  problem: string | undefined;
  placeholder: string;
  /** Reads what was typed: the value to send, or a message. */
  parse: (text: string) => { ok: true; value: string | number | null } | { ok: false; message: string };
  format: (value: string | number | null) => string;
  onCommit: (value: string | number | null) => void;
  onRetry: () => void;
  onDiscard: () => void;
  /** Data attributes that let the arrows move between days of the same column. */
  column: string;
  row: number;
}

/** One field of a day's timecard: typed, committed on Enter or leaving, then saving → saved or failed. */
export function CardField(props: CardFieldProps) {
  const { change } = props;
  const committed = change ? props.format(change.value) : props.shown;
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const text = draft ?? committed;

  const commit = () => {
    if (draft === null) return true;
    const parsed = props.parse(draft);
    if (!parsed.ok) {
      setError(parsed.message);
      return false;
    }
    setError(null);
    setDraft(null);
    if (props.format(parsed.value) !== committed) props.onCommit(parsed.value);
    return true;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      setDraft(null);
      setError(null);
      return;
    }
    const step = e.key === 'ArrowDown' || e.key === 'Enter' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (!step || !commit()) return;
    e.preventDefault();
    const next = document.querySelector<HTMLInputElement>(`input[data-column="${props.column}"][data-row="${props.row + step}"]`);
    next?.focus();
    next?.select();
  };

  const failed = change?.status === 'failed';
  const message = error ?? (failed ? change.error : null) ?? props.problem ?? null;
  const messageId = `${props.column}-${props.row}-msg`;
  return (
    <div className={s.field}>
      <input
        className={`${s.input} ${error || failed ? s.inputBad : props.problem ? s.inputWarn : ''}`}
        aria-label={props.label}
        aria-invalid={error || failed ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        value={text}
        placeholder={props.readOnly ? '' : props.placeholder}
        readOnly={props.readOnly}
        inputMode="numeric"
        autoComplete="off"
        data-column={props.column}
        data-row={props.row}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => void commit()}
        onKeyDown={onKeyDown}
        onFocus={(e) => e.target.select()}
      />
      <span className={s.state} role="status">
        {change?.status === 'saving' ? 'Saving…' : props.saved && !change ? 'Saved' : ''}
      </span>
      {message && (
        <span id={messageId} className={error || failed ? s.bad : s.warn}>
          {message}
        </span>
      )}
      {failed && (
        <span className={s.actions}>
          <button type="button" className={s.link} onClick={props.onRetry}>
            Retry
          </button>
          {!change.retryable && (
            <button type="button" className={s.link} onClick={props.onDiscard}>
              Undo change
            </button>
          )}
        </span>
      )}
    </div>
  );
}
