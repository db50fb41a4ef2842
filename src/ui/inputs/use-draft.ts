import { useState, type ChangeEvent } from 'react';

export type DraftParse<T> = { ok: true; value: T } | { ok: false; message: string; value: T };

/**
 * The text a person is typing for a value that is not text (an amount, a colour). Each keystroke that
 * reads as a value hands it on; one that does not hands on `value` from the failed parse (so the form
 * cannot submit it) and keeps a message, shown once the field is left. A new value from outside (a
 * form reset) replaces the text.
 */
export function useDraft<T>(value: T, format: (value: T) => string, parse: (text: string) => DraftParse<T>, onChange: (value: T) => void, onBlur?: () => void) {
  const [draft, setDraft] = useState(() => ({ text: format(value), committed: value, message: null as string | null, touched: false }));
  let current = draft;
  if (!Object.is(value, draft.committed)) {
    current = { text: format(value), committed: value, message: null, touched: draft.touched };
    setDraft(current);
  }
  const change = (text: string) => {
    const parsed = parse(text);
    setDraft({ text, committed: parsed.value, message: parsed.ok ? null : parsed.message, touched: current.touched });
    onChange(parsed.value);
  };
  const blur = () => {
    setDraft({ ...current, touched: true, text: current.message ? current.text : format(current.committed) });
    onBlur?.();
  };
  return {
    text: current.text,
    /** Why the text is not a value; show it once `touched`, or when the form reports an error too. */
    message: current.message,
    touched: current.touched,
    /** Spread on the text input. */
    inputProps: {
      type: 'text',
      autoComplete: 'off',
      value: current.text,
      onChange: (e: ChangeEvent<HTMLInputElement>) => change(e.target.value),
      onBlur: blur,
    },
  };
}
