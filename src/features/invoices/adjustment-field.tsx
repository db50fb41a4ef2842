import { useState } from 'react';
import { SelectField } from '../../ui/form/select-field.tsx';
import { MoneyInput } from '../../ui/inputs/money-input.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { INVOICE_CURRENCY } from './format.ts';
import styles from './invoice-editor.module.css';

/** A tax or discount as the form holds it: a rate in percent, or a fixed amount in cents. */
export interface Adjustment {
  rate?: number | null | undefined;
  amount?: number | null | undefined;
}

export interface AdjustmentFieldProps {
  label: 'Tax' | 'Discount';
  value: Adjustment | undefined;
  onChange: (value: Adjustment) => void;
  onBlur?: () => void;
  error?: string | undefined;
}

/** A percentage or a fixed amount, chosen in a select next to it. */
export function AdjustmentField({ label, value, onChange, onBlur, error }: AdjustmentFieldProps) {
  const [kind, setKind] = useState<'rate' | 'amount'>(!value?.rate && value?.amount ? 'amount' : 'rate');
  return (
    <div className={styles.adjustment}>
      <SelectField
        label={`${label} as`}
        value={kind}
        onChange={(e) => {
          const next = e.target.value as 'rate' | 'amount';
          setKind(next);
          onChange(next === 'rate' ? { rate: 0, amount: null } : { rate: null, amount: 0 });
        }}
        options={[
          { value: 'rate', label: 'Percent' },
          { value: 'amount', label: 'Fixed amount' },
        ]}
      />
      {kind === 'rate' ? (
        <TextField
          label={`${label} (%)`}
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step="any"
          value={value?.rate ?? ''}
          onChange={(e) => onChange({ rate: e.target.value === '' ? null : Number(e.target.value), amount: null })}
          onBlur={onBlur}
          error={error}
        />
      ) : (
        <MoneyInput
          label={`${label} amount`}
          currency={INVOICE_CURRENCY}
          value={value?.amount ?? null}
          onChange={(amount) => onChange({ rate: null, amount })}
          onBlur={onBlur}
          error={error}
        />
      )}
    </div>
  );
}
