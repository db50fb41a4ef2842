import '../../ui/error-state.css';
import '../../ui/button.css';
import { Link } from '@tanstack/react-router';
import { PageTitle } from '../../ui/page-title.tsx';

/** "Page not found"; in the app's frame (`inShell`) the frame already holds the page's main landmark. */
export function NotFound({ inShell }: { inShell: boolean }) {
  const Wrapper = inShell ? 'div' : 'main';
  return (
    <Wrapper className={`page-center${inShell ? ' page-center--in-shell' : ''}`}>
      <PageTitle>Page not found</PageTitle>
      <div className="error-state">
        <h1 className="error-state__title">Page not found</h1>
        <p className="error-state__message">There is nothing at this address. It may have moved, or the link may be mistyped.</p>
        <div className="error-state__actions">
          <Link to="/" className="btn btn--primary">
            Go to Timekeep
          </Link>
        </div>
      </div>
    </Wrapper>
  );
}
