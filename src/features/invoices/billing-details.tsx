import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { billingDetailsBody, MAX_LOGO_BYTES, type BillingDetails } from '../../../contract/team-billing.ts';
import { useApi } from '../../api/context.ts';
import { downloadFile } from '../../api/download.ts';
import { describeError } from '../../api/errors.ts';
import * as teamBilling from '../../api/operations/teamBilling.ts';
import { uploadFile } from '../../api/upload.ts';
import { useSession } from '../../auth/context.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { FieldFrame } from '../../ui/field-frame.tsx';
import { ApiFormView } from '../../ui/form/form.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast.tsx';
import styles from './billing-details.module.css';

const detailsKey = ['team', 'billing-details'] as const;
const logoKey = ['team', 'billing-details', 'logo'] as const;

/**
 * Admins: what every invoice PDF shows about the team (`GET`/`PUT /team/billing-details`): the name and address at
 * its top, the payment terms under its totals, and a PNG or JPEG logo of at most 1 MB.
 */
export default function BillingDetailsCard({ teamName }: { teamName: string }) {
  const api = useApi();
  const details = useQuery({
    queryKey: detailsKey,
    queryFn: ({ signal }) => api.call(teamBilling.billingDetails, { signal }),
    staleTime: 60_000,
  });
  return (
    <Card title="Billing details" className={styles.card}>
      <p className={styles.lead}>
        What every invoice PDF shows about your team: the name and address at its top, your logo, and the payment terms under its totals.
      </p>
      {details.error ? (
        <p role="alert">Could not load the billing details: {describeError(details.error)}</p>
      ) : !details.data ? (
        <p aria-busy="true">Loading billing details…</p>
      ) : (
        <div className={styles.columns}>
          <DetailsForm key={JSON.stringify(details.data)} data={details.data} teamName={teamName} />
          <LogoField logo={details.data.logo} />
        </div>
      )}
    </Card>
  );
}

function DetailsForm({ data, teamName }: { data: BillingDetails; teamName: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const form = useApiForm({
    schema: billingDetailsBody,
    defaultValues: { displayName: data.displayName, address: data.address, paymentTerms: data.paymentTerms },
    submit: (body) => api.call(teamBilling.updateBillingDetails, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(detailsKey, saved);
      toast('The billing details are saved; invoice PDFs show them from now on.', 'success');
    },
  });
  const { register, formState } = form.form;
  const area = (name: 'address' | 'paymentTerms', label: string, hint: string, rows: number) => (
    <FieldFrame label={label} hint={hint} error={formState.errors[name]?.message}>
      {(control) => <textarea {...control} {...register(name)} rows={rows} className="field__input field__textarea" />}
    </FieldFrame>
  );
  return (
    <ApiFormView api={form} unsaved="your changes to the billing details" submitLabel="Save billing details">
      <TextField
        label="Name on invoices"
        placeholder={teamName}
        hint={`Left blank, invoices show the team's name (${teamName}).`}
        error={formState.errors.displayName?.message}
        {...register('displayName')}
      />
      {area('address', 'Address', 'As printed, one line each: street, city, country, tax number…', 4)}
      {area('paymentTerms', 'Payment terms', 'For example: Net 30. Bank transfer to …', 3)}
    </ApiFormView>
  );
}

function LogoField({ logo }: { logo: BillingDetails['logo'] }) {
  const session = useSession();
  const api = useApi();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const image = useQuery({
    queryKey: [...logoKey, logo?.size ?? 0],
    queryFn: ({ signal }) =>
      downloadFile(teamBilling.logo.path, undefined, { baseUrl: session.baseUrl, credential: session.credential, signal }).then((b) =>
        URL.createObjectURL(b),
      ),
    enabled: logo !== null,
    staleTime: Infinity,
  });
  const upload = useMutation({
    mutationFn: (file: File) =>
      uploadFile({
        baseUrl: session.baseUrl,
        credential: session.credential,
        path: teamBilling.uploadLogo.path,
        file,
      }) as Promise<BillingDetails>,
    onSuccess: (saved) => {
      setError(undefined);
      queryClient.setQueryData(detailsKey, saved);
      toast('The logo is saved.', 'success');
    },
    onError: (e) => setError(describeError(e)),
  });
  const remove = useMutation({
    mutationFn: () => api.call(teamBilling.removeLogo, {}),
    onSuccess: () => {
      queryClient.setQueryData<BillingDetails>(detailsKey, (d) => (d ? { ...d, logo: null } : d));
      toast('The logo is removed.', 'success');
    },
    onError: (e) => toast(`Could not remove the logo: ${describeError(e)}`, 'error'),
  });
  const choose = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_LOGO_BYTES) return setError(`${file.name} is larger than 1 MB`);
    upload.mutate(file);
  };
  return (
    <div className={styles.logo}>
      <FieldFrame label="Logo" hint="A PNG or JPEG of at most 1 MB, shown at the top left of every invoice." error={error}>
        {(control) => (
          <input
            {...control}
            ref={input}
            type="file"
            accept="image/png,image/jpeg"
            className={styles.file}
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        )}
      </FieldFrame>
      <div className={styles.preview}>
        {logo && image.data ? <img src={image.data} alt="The team's logo" /> : <span>{logo ? 'Loading…' : 'No logo'}</span>}
      </div>
      <div className={styles.logoActions}>
        <Button busy={upload.isPending} onClick={() => input.current?.click()}>
          {logo ? 'Replace logo' : 'Upload logo'}
        </Button>
        {logo && (
          <Button variant="ghost" busy={remove.isPending} onClick={() => remove.mutate()}>
            Remove logo
          </Button>
        )}
      </div>
    </div>
  );
}
