import type { Ref } from 'react';
import { currencySymbol, formatMoneyAmount, parseMoney, type MoneyFormat } from '../../lib/money.ts';
import { controlProps, FieldShell, useFieldIds, type FieldProps } from './field.tsx';
import fieldStyles from './field.module.css';
import styles from './money-input.module.css';
import { useDraft } from './use-draft.ts';

export interface MoneyInputProps extends FieldProps<number | null> {
  /** ISO 4217 code of the team's currency, e.g. `USD`. */
  currency: string;
  /** BCP 47 locale for the format; the browser's when omitted. */
  locale?: string;
  allowNegative?: boolean;
  placeholder?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * An amount in integer cents (minor units), typed and shown in the currency's format. While the text
 * is not an amount the value is `NaN`, so a form cannot submit it, and the field says what it expects.
 */
export function MoneyInput({ label, value, onChange, onBlur, name, disabled, hint, error, currency, locale, allowNegative, placeholder, ref }: MoneyInputProps) {
  const format: MoneyFormat = { currency, locale };
  const draft = useDraft<number | null>(
    value,
    (cents) => (cents === null || Number.isNaN(cents) ? '' : formatMoneyAmount(cents, format)),
    (text) => {
      const parsed = parseMoney(text, format, { allowNegative });
      return parsed.ok ? { ok: true, value: parsed.cents } : { ok: false, message: parsed.message, value: NaN };
    },
    onChange,
    onBlur,
  );
  const shown = draft.message && (draft.touched || error) ? draft.message : error;
  const ids = useFieldIds(hint, shown);
  const symbolId = `${ids.id}-currency`;
  const symbol = currencySymbol(format);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={shown}>
      <div className={styles.box}>
        <span className={styles.symbol} id={symbolId}>
          {symbol}
        </span>
        <input
          ref={ref}
          name={name}
          {...controlProps(ids, shown)}
          {...draft.inputProps}
          inputMode="decimal"
          className={`${fieldStyles.input} ${styles.input}`}
          style={{ paddingInlineStart: `calc(var(--space-3) + ${symbol.length + 1}ch)` }}
          placeholder={placeholder}
          disabled={disabled}
          aria-labelledby={`${ids.labelId} ${symbolId}`}
        />
      </div>
    </FieldShell>
  );
}
