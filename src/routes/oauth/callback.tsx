import { PageTitle } from '../../ui/page-title.tsx';
import { createFileRoute } from '@tanstack/react-router';
import { FullPageRouteError } from '../-components/route-error.tsx';
import { OAuthCallbackPage } from '../../features/auth/oauth-callback-page.tsx';

/** The OAuth redirect URI of the web app (`{origin}/oauth/callback`, registered dynamically). */
export const Route = createFileRoute('/oauth/callback')({
  errorComponent: FullPageRouteError,
  component: CallbackRoute,
});

function CallbackRoute() {
  return (
    <>
      <PageTitle>Signing in</PageTitle>
      <OAuthCallbackPage />
    </>
  );
}
