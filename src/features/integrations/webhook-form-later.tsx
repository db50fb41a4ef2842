import { lazy, Suspense, type ComponentProps } from 'react';
import type { WebhookForm as Form } from './webhook-form.tsx';

const Loaded = lazy(() => import('./webhook-form.tsx').then((m) => ({ default: m.WebhookForm })));

/** The webhook form, whose code (react-hook-form and the contract's schemas) loads when it opens, not with the screen. */
export function WebhookForm(props: ComponentProps<typeof Form>) {
  return (
    <Suspense fallback={<p>Loading the form{'\u2026'}</p>}>
      <Loaded {...props} />
    </Suspense>
  );
}
