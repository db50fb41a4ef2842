import type { Ref } from 'react';
import { controlProps, FieldNotes, useFieldIds, type FieldProps } from './field.tsx';
import fieldStyles from './field.module.css';
import styles from './colour-input.module.css';
import { useDraft } from './use-draft.ts';

export interface Swatch {
  value: string;
  name: string;
}

export const defaultSwatches: readonly Swatch[] = [
  { value: '#2f6f5e', name: 'Green' },
  { value: '#1d4f91', name: 'Blue' },
  { value: '#6941c6', name: 'Purple' },
  { value: '#c11574', name: 'Pink' },
  { value: '#b42318', name: 'Red' },
  { value: '#c4320a', name: 'Orange' },
  { value: '#b54708', name: 'Amber' },
  { value: '#4d7c0f', name: 'Olive' },
  { value: '#0e7090', name: 'Teal' },
  { value: '#475467', name: 'Grey' },
];

/** `#abc`, `abc`, `AABBCC` → `#aabbcc`; anything else → null. */
export function normalizeHex(text: string): string | null {
  const s = text.trim().replace(/^#/, '').toLowerCase();
  if (/^[0-9a-f]{6}$/.test(s)) return `#${s}`;
  if (/^[0-9a-f]{3}$/.test(s)) return `#${[...s].map((c) => c + c).join('')}`;
  return null;
}

export interface ColourInputProps extends FieldProps<string | null> {
  swatches?: readonly Swatch[];
  ref?: Ref<HTMLInputElement>;
}

/**
 * A colour as `#rrggbb` (or `null` when blank): pick a swatch (arrow keys move between them) or type a
 * hex code. While the code is not a colour the value is the typed text, which the contract refuses.
 */
export function ColourInput({ label, value, onChange, onBlur, name, disabled, hint, error, swatches = defaultSwatches, ref }: ColourInputProps) {
  const draft = useDraft<string | null>(
    value,
    (v) => v ?? '',
    (text) => {
      const hex = normalizeHex(text);
      if (hex || text.trim() === '') return { ok: true, value: hex };
      return { ok: false, message: 'Enter a colour as #rrggbb, for example #2f6f5e', value: text };
    },
    onChange,
    onBlur,
  );
  const shown = draft.message && (draft.touched || error) ? draft.message : error;
  const ids = useFieldIds(hint, shown);
  const preview = normalizeHex(draft.text);
  return (
    <fieldset className={fieldStyles.fieldset} aria-describedby={ids.describedBy}>
      <legend className={fieldStyles.legend}>{label}</legend>
      <div className={styles.swatches}>
        {swatches.map((swatch) => (
          <label key={swatch.value} className={styles.swatch} style={{ background: swatch.value }} title={swatch.name}>
            <input
              type="radio"
              name={`${ids.id}-swatch`}
              className={styles.radio}
              value={swatch.value}
              checked={value === swatch.value}
              disabled={disabled}
              aria-label={`${swatch.name} ${swatch.value}`}
              onChange={() => onChange(swatch.value)}
            />
          </label>
        ))}
      </div>
      <div className={styles.hexRow}>
        <span className={styles.preview} style={{ background: preview ?? 'transparent' }} aria-hidden="true" />
        <label className="visually-hidden" htmlFor={ids.id}>
          {`${label}: hex code`}
        </label>
        <input
          ref={ref}
          name={name}
          {...controlProps(ids, shown)}
          {...draft.inputProps}
          spellCheck={false}
          maxLength={7}
          placeholder="#rrggbb"
          className={`${fieldStyles.input} ${styles.hex}`}
          disabled={disabled}
        />
      </div>
      <FieldNotes ids={ids} hint={hint} error={shown} />
    </fieldset>
  );
}
