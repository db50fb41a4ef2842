import { useLingui } from '@lingui/react/macro';
import { PageTitle } from '../ui/page-title.tsx';
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { FullPageRouteError } from './-components/route-error.tsx';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { safeRedirect } from '../lib/redirect.ts';

interface SignInSearch {
  /** Where to go after signing in (the deep link that needed a session). */
  redirect?: string | undefined;
  /** Set when a session ended on its own (key revoked, token expired). */
  expired?: boolean | undefined;
}

export const Route = createFileRoute('/sign-in')({
  validateSearch: (search: Record<string, unknown>): SignInSearch => ({
    redirect: safeRedirect(search.redirect),
    expired: search.expired === true || search.expired === 'true' ? true : undefined,
  }),
  beforeLoad: ({ context, search }) => {
    if (context.session.isSignedIn) throw redirect({ href: search.redirect ?? '/', replace: true });
  },
  errorComponent: FullPageRouteError,
  component: SignInRoute,
});

function SignInRoute() {
  const { t } = useLingui();
  const { session } = Route.useRouteContext();
  const search = Route.useSearch();
  const router = useRouter();
  const returnTo = search.redirect ?? '/';
  return (
    <>
      <PageTitle>{t`Sign in`}</PageTitle>
      <SignInPage
        defaultBaseUrl={session.defaultBaseUrl}
        currentBaseUrl={session.baseUrl}
        returnTo={returnTo}
        notice={search.expired ? t`Your session ended. Sign in again to continue.` : undefined}
        onSignedIn={() => void router.navigate({ href: returnTo, replace: true })}
      />
    </>
  );
}
