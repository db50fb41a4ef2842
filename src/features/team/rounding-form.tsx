import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { roundingSteps, type RoundingRule } from '../../../contract/rounding.ts';
import { useApi } from '../../api/context.ts';
import * as rounding from '../../api/operations/rounding.ts';
import { ApiFormView } from '../../ui/form/form.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { toast } from '../../ui/toast.tsx';

const queryKey = ['team', 'rounding'] as const;

const schema = z.object({
  on: z.enum(['none', 'rule']),
  mode: z.enum(['up', 'down', 'nearest']),
  step: z.enum(roundingSteps.map(String) as [string, ...string[]]),
  per: z.enum(['entry', 'total']),
});

/** Admins set the team's billing rounding rule; each project may override it on its Billing tab. */
export default function TeamRoundingForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery({ queryKey, queryFn: ({ signal }) => api.call(rounding.getTeam, { signal }), staleTime: 0 });
  const r = data.rounding;
  const form = useApiForm({
    schema,
    defaultValues: { on: r ? 'rule' : 'none', mode: r?.mode ?? 'up', step: String(r?.step ?? 15), per: r?.per ?? 'entry' },
    submit: async (v) => {
      const rule: RoundingRule | null =
        v.on === 'none' ? null : { mode: v.mode, step: Number(v.step) as RoundingRule['step'], per: v.per };
      const saved = await api.call(rounding.putTeam, { body: { rounding: rule } });
      queryClient.setQueryData(queryKey, saved);
      // Projects show the rule in force, reports the rounded figures.
      await queryClient.invalidateQueries();
      return saved;
    },
    onSuccess: () => {
      toast("The team's rounding is saved.", 'success');
      onDone();
    },
  });
  const { register, control } = form.form;
  const on = useWatch({ control, name: 'on' });
  return (
    <ApiFormView api={form} unsaved="your changes to the team's rounding" submitLabel="Save rounding"
      onCancel={onCancel}
    >
      <p>
        Reports and new invoices bill time rounded by this rule; the recorded time never changes. A project can keep it, turn it
        off or use its own on its Billing tab.
      </p>
      <SelectField
        label="Rounding of billed time"
        options={[
          { value: 'none', label: 'No rounding' },
          { value: 'rule', label: 'Round billed time' },
        ]}
        {...register('on')}
      />
      {on === 'rule' && (
        <>
          <SelectField
            label="Round"
            options={[
              { value: 'up', label: 'Up' },
              { value: 'down', label: 'Down' },
              { value: 'nearest', label: 'To the nearest (halves up)' },
            ]}
            {...register('mode')}
          />
          <SelectField label="Step" options={roundingSteps.map((s) => ({ value: String(s), label: `${s} min` }))} {...register('step')} />
          <SelectField
            label="Apply to"
            options={[
              { value: 'entry', label: 'Each time record' },
              { value: 'total', label: "Each row's total" },
            ]}
            {...register('per')}
          />
        </>
      )}
    </ApiFormView>
  );
}
