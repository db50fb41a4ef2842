import '../../ui/button.css';
import '../../ui/card.css';
import './sign-in.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, describeError, NetworkError } from '../../api/errors.ts';
import { normalizeBaseUrl } from '../../lib/format.ts';
import { Alert } from '../../ui/alert.tsx';
import { Brand } from '../../ui/brand.tsx';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { preloadOAuthFlow, useApiKeySignIn, useOAuthSignIn } from './use-sign-in.ts';

interface FormValues {
  apiKey: string;
  server: string;
}

export interface SignInPageProps {
  defaultBaseUrl: string;
  currentBaseUrl: string;
  /** Where to land after signing in. */
  returnTo: string;
  /** Shown above the form, e.g. when a session ended. */
  notice?: string | undefined;
  onSignedIn: () => void;
}

/**
 * Sign-in with a Timekeep account: one click, the email and password go to the server's own page (OAuth).
 * An API key remains an alternative, and either can point at another server.
 */
export function SignInPage({ defaultBaseUrl, currentBaseUrl, returnTo, notice, onSignedIn }: SignInPageProps) {
  const { t } = useLingui();
  const oauth = useOAuthSignIn();
  const apiKeySignIn = useApiKeySignIn();
  const [useKey, setUseKey] = useState(false);
  const apiKeyRef = useRef<HTMLInputElement | null>(null);
  const usesOtherServer = currentBaseUrl !== defaultBaseUrl;
  const { register, handleSubmit, formState, setValue, trigger, getValues } = useForm<FormValues>({
    defaultValues: { apiKey: '', server: usesOtherServer ? currentBaseUrl : '' },
  });

  // Back from the server's page through the browser's history: the page is live again.
  const { reset: resetOAuth } = oauth;
  useEffect(() => {
    const onPageShow = (e: PageTransitionEvent) => e.persisted && resetOAuth();
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [resetOAuth]);

  useEffect(() => {
    if (useKey) apiKeyRef.current?.focus();
  }, [useKey]);

  useEffect(() => {
    const idle = setTimeout(preloadOAuthFlow, 1000);
    return () => clearTimeout(idle);
  }, []);

  const chosenBaseUrl = (server: string) => (server.trim() === '' ? defaultBaseUrl : normalizeBaseUrl(server));

  const onOAuth = async () => {
    apiKeySignIn.reset();
    if (!(await trigger('server'))) return;
    const baseUrl = chosenBaseUrl(getValues('server'));
    if (baseUrl) oauth.mutate({ baseUrl, returnTo });
  };

  const onApiKey = handleSubmit(({ apiKey, server }) => {
    oauth.reset();
    const baseUrl = chosenBaseUrl(server);
    if (!baseUrl) return;
    apiKeySignIn.mutate({ apiKey: apiKey.trim(), baseUrl }, { onSuccess: onSignedIn });
  });

  const keyError = apiKeySignIn.error;
  // The server's or the network's own words, followed by what to do about it.
  const problem = keyError ? sentence(keyError.message) : '';
  const errorText = oauth.error
    ? oauth.error.message
    : keyError instanceof NetworkError
      ? t`${problem} Check the address and that the server is running.`
      : keyError instanceof ApiError && keyError.status === 401
        ? t`${problem} Check the key and try again.`
        : keyError
          ? describeError(keyError)
          : null;
  const leaving = oauth.isPending || oauth.isSuccess;
  const server = usesOtherServer ? currentBaseUrl : defaultBaseUrl;
  const { ref: apiKeyRegisterRef, ...apiKeyField } = register('apiKey', {
    validate: (v) => !useKey || v.trim() !== '' || t`Enter your API key.`,
  });

  return (
    <main className="sign-in">
      <div className="sign-in__panel">
        <div className="sign-in__brand">
          <Brand size="lg" />
        </div>
        <div className="card sign-in__card">
          <h1 className="sign-in__title">
            <Trans>Sign in</Trans>
          </h1>
          <p className="sign-in__lead">
            <Trans>Continue to your Timekeep server and sign in there with your email and password.</Trans>
          </p>
          {notice && !errorText && (
            <Alert tone="info" live={false}>
              {notice}
            </Alert>
          )}
          {errorText && (
            <Alert tone="error" title={t`Could not sign in`}>
              {errorText}
            </Alert>
          )}
          <Button
            variant="primary"
            className="btn--block"
            busy={leaving}
            onPointerEnter={preloadOAuthFlow}
            onFocus={preloadOAuthFlow}
            onClick={() => void onOAuth()}
          >
            {leaving ? t`Opening the sign-in page\u2026` : t`Sign in with Timekeep`}
          </Button>
          <details className="disclosure" open={usesOtherServer || undefined}>
            <summary>
              <Trans>Other server</Trans>
            </summary>
            <div className="disclosure__body stack-sm">
              <TextField
                label={t`Server address`}
                type="url"
                inputMode="url"
                autoComplete="url"
                spellCheck={false}
                placeholder={defaultBaseUrl}
                hint={t`Leave empty for the default, ${defaultBaseUrl}.`}
                error={formState.errors.server?.message}
                {...register('server', {
                  validate: (v) =>
                    v.trim() === '' || normalizeBaseUrl(v) !== null || t`Enter a web address starting with http:// or https://.`,
                })}
              />
              {usesOtherServer && (
                <Button size="sm" variant="ghost" onClick={() => setValue('server', '')}>
                  <Trans>Use the default server</Trans>
                </Button>
              )}
            </div>
          </details>
          {useKey ? (
            <form className="stack-md" onSubmit={(e) => void onApiKey(e)} noValidate>
              <TextField
                label={t`API key`}
                type="password"
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="off"
                hint={t`Your Timekeep admin can give you one; once signed in, you will also find it on your profile.`}
                error={formState.errors.apiKey?.message}
                ref={(el) => {
                  apiKeyRegisterRef(el);
                  apiKeyRef.current = el;
                }}
                {...apiKeyField}
              />
              <Button type="submit" variant="secondary" className="btn--block" busy={apiKeySignIn.isPending}>
                {apiKeySignIn.isPending ? t`Signing in\u2026` : t`Sign in with the API key`}
              </Button>
            </form>
          ) : (
            <Button variant="ghost" className="btn--block" onClick={() => setUseKey(true)}>
              <Trans>Use an API key instead</Trans>
            </Button>
          )}
        </div>
        <p className="sign-in__footnote">
          <Trans>
            Connected to <span className="mono">{server}</span>
          </Trans>
        </p>
      </div>
    </main>
  );
}

const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);
