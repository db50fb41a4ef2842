import '../../ui/button.css';
import '../../ui/card.css';
import './sign-in.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { completeSignIn, describeSignInError, CALLBACK_PATH } from '../../auth/oauth-flow.ts';
import { Alert } from '../../ui/alert.tsx';
import { Brand } from '../../ui/brand.tsx';
import { useStartSession } from './use-sign-in.ts';

type Outcome = { returnTo: string };

/**
 * One exchange per callback URL, whatever React does with effects (Strict Mode runs them twice): the
 * code is single-use, so a second exchange would fail and, by the server's rules, revoke the first.
 */
let exchange: { url: string; promise: Promise<Outcome> } | null = null;

function finishOnce(url: string, start: (url: URL) => Promise<Outcome>): Promise<Outcome> {
  if (exchange?.url !== url) exchange = { url, promise: start(new URL(url)) };
  return exchange.promise;
}

/** The redirect URI: exchanges the code, starts the session and lands on the page the user was going to. */
export function OAuthCallbackPage() {
  const { t } = useLingui();
  const router = useRouter();
  const startSession = useStartSession();
  const [error, setError] = useState<string | null>(null);
  // Read before the effect removes it from the address bar (Strict Mode runs effects twice).
  const [url] = useState(() => window.location.href);

  useEffect(() => {
    let live = true;
    // The code and state leave the address bar (and history) right away.
    window.history.replaceState(window.history.state, '', CALLBACK_PATH);
    finishOnce(url, async (current) => {
      const { credential, baseUrl, returnTo } = await completeSignIn(current);
      try {
        await startSession(credential, baseUrl);
      } catch (e) {
        await credential.revoke().catch(() => undefined);
        throw e;
      }
      return { returnTo };
    }).then(
      ({ returnTo }) => live && void router.navigate({ href: returnTo, replace: true }),
      (e: unknown) => live && setError(describeSignInError(e)),
    );
    return () => {
      live = false;
    };
  }, [url, router, startSession]);

  return (
    <main className="sign-in">
      <div className="sign-in__panel">
        <div className="sign-in__brand">
          <Brand size="lg" />
        </div>
        <div className="card sign-in__card">
          {error ? (
            <>
              <h1 className="sign-in__title">
                <Trans>Could not sign in</Trans>
              </h1>
              <Alert tone="error" title={t`Sign-in did not finish`}>
                {error}
              </Alert>
              <Link to="/sign-in" replace className="btn btn--primary btn--block">
                <Trans>Back to sign in</Trans>
              </Link>
            </>
          ) : (
            <>
              <h1 className="sign-in__title">
                <Trans>Signing you in</Trans>
              </h1>
              <p className="sign-in__lead" role="status">
                <Trans>Finishing sign-in with your Timekeep server…</Trans>
              </p>
            </>
          )}
        </div>
      </div>
    </main>
  );
}
