import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from './error-state.tsx';

interface State {
  error: Error | null;
}

/**
 * Last line of defence: anything not caught by a route shows a calm page with a reload. With `fallback`,
 * it guards one part of a screen instead (a part whose code could not load, say), and the rest stays.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode; fallback?: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled error in the app', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return (
      <main className="page-center">
        <ErrorState
          title="Timekeep stopped working"
          message="Something unexpected happened. Reloading the page usually fixes it."
          retryLabel="Reload"
          onRetry={() => window.location.reload()}
        />
      </main>
    );
  }
}
