import { useForm } from 'react-hook-form';
import { ApiError, describeError, NetworkError } from '../../api/errors.ts';
import { normalizeBaseUrl } from '../../lib/format.ts';
import { Alert } from '../../ui/alert.tsx';
import { Brand } from '../../ui/brand.tsx';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useApiKeySignIn } from './use-sign-in.ts';

interface FormValues {
  apiKey: string;
  server: string;
}

export interface SignInPageProps {
  defaultBaseUrl: string;
  currentBaseUrl: string;
  /** Shown above the form, e.g. when a session ended. */
  notice?: string | undefined;
  onSignedIn: () => void;
}

/** API-key sign-in, with an optional other server to talk to. */
export function SignInPage({ defaultBaseUrl, currentBaseUrl, notice, onSignedIn }: SignInPageProps) {
  const signIn = useApiKeySignIn();
  const usesOtherServer = currentBaseUrl !== defaultBaseUrl;
  const { register, handleSubmit, formState, setValue } = useForm<FormValues>({
    defaultValues: { apiKey: '', server: usesOtherServer ? currentBaseUrl : '' },
  });

  const onSubmit = handleSubmit(({ apiKey, server }) => {
    const baseUrl = server.trim() === '' ? defaultBaseUrl : normalizeBaseUrl(server);
    if (!baseUrl) return;
    signIn.mutate({ apiKey: apiKey.trim(), baseUrl }, { onSuccess: onSignedIn });
  });

  const error = signIn.error;
  const errorText =
    error instanceof NetworkError
      ? `${error.message} Check the address and that the server is running.`
      : error instanceof ApiError && error.status === 401
        ? `${sentence(error.message)} Check the key and try again.`
        : error
          ? describeError(error)
          : null;

  return (
    <main className="sign-in">
      <div className="sign-in__panel">
        <div className="sign-in__brand">
          <Brand size="lg" />
        </div>
        <div className="card sign-in__card">
          <h1 className="sign-in__title">Sign in</h1>
          <p className="sign-in__lead">
            Enter your personal API key. Your Timekeep admin can give you one; once signed in, you will also find it on your profile.
          </p>
          {notice && !error && (
            <Alert tone="info" live={false}>
              {notice}
            </Alert>
          )}
          {errorText && (
            <Alert tone="error" title="Could not sign in">
              {errorText}
            </Alert>
          )}
          <form className="stack-md" onSubmit={(e) => void onSubmit(e)} noValidate>
            <TextField
              label="API key"
              type="password"
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="off"
              error={formState.errors.apiKey?.message}
              {...register('apiKey', { validate: (v) => v.trim() !== '' || 'Enter your API key.' })}
            />
            <details className="disclosure" open={usesOtherServer || undefined}>
              <summary>Other server</summary>
              <div className="disclosure__body stack-sm">
                <TextField
                  label="Server address"
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  spellCheck={false}
                  placeholder={defaultBaseUrl}
                  hint={`Leave empty for the default, ${defaultBaseUrl}.`}
                  error={formState.errors.server?.message}
                  {...register('server', {
                    validate: (v) =>
                      v.trim() === '' || normalizeBaseUrl(v) !== null || 'Enter a web address starting with http:// or https://.',
                  })}
                />
                {usesOtherServer && (
                  <Button size="sm" variant="ghost" onClick={() => setValue('server', '')}>
                    Use the default server
                  </Button>
                )}
              </div>
            </details>
            <Button type="submit" variant="primary" className="btn--block" busy={signIn.isPending}>
              {signIn.isPending ? 'Signing in\u2026' : 'Sign in'}
            </Button>
          </form>
        </div>
        <p className="sign-in__footnote">
          Connected to <span className="mono">{usesOtherServer ? currentBaseUrl : defaultBaseUrl}</span>
        </p>
      </div>
    </main>
  );
}

const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);
