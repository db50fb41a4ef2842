import './form.css';
import { useBlocker } from '@tanstack/react-router';
import type { BaseSyntheticEvent, ReactNode } from 'react';
import { Alert } from '../alert.tsx';
import { Button } from '../button.tsx';
import { ConfirmDialog } from '../confirm-dialog.tsx';

export interface ApiFormProps {
  /** What `useApiForm` returned. */
  api: { onSubmit: (e?: BaseSyntheticEvent) => Promise<void>; formError: string | null; submitting: boolean; dirty: boolean };
  /** Names what leaving would lose, e.g. "your changes to your details". */
  unsaved: string;
  submitLabel: string;
  /** Title of the alert when the server refuses. */
  errorTitle?: string;
  className?: string;
  /** Shows a Cancel button next to submit, which calls this. */
  onCancel?: () => void;
  /** Other buttons next to submit (e.g. Remove). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A form of the kit: the server's refusal in one alert at the top, a submit button that shows progress and
 * cannot be pressed twice, and a question before leaving with unsaved changes (in the app or the browser).
 */
export function ApiFormView({ api, unsaved, submitLabel, errorTitle = 'Not saved', className, onCancel, actions, children }: ApiFormProps) {
  const blocking = api.dirty && !api.submitting;
  const blocker = useBlocker({ shouldBlockFn: () => true, disabled: !blocking, enableBeforeUnload: blocking, withResolver: true });

  return (
    <form className={['stack-md', className ?? ''].filter(Boolean).join(' ')} noValidate onSubmit={(e) => void api.onSubmit(e)}>
      {api.formError && (
        <Alert tone="error" title={errorTitle}>
          {api.formError}
        </Alert>
      )}
      {children}
      <div className="form__actions">
        <Button type="submit" variant="primary" busy={api.submitting}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
        {actions}
      </div>
      {blocker.status === 'blocked' && (
        <ConfirmDialog
          title="Leave without saving?"
          message={`You have not saved ${unsaved}. If you leave now, they will be lost.`}
          confirmLabel="Leave"
          cancelLabel="Stay"
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
        />
      )}
    </form>
  );
}
