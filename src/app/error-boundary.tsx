// Last line of defence around the whole app: if the router itself fails to render, show a plain page with a
// reload button instead of a blank screen.
import { Component, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

interface State {
  error: Error | null;
}

export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <main className="status-page" id="main">
        <h1>
          <Trans>Tillpoint could not start</Trans>
        </h1>
        <p>
          <Trans>Reloading usually fixes this. Work saved on this device is kept.</Trans>
        </p>
        <p className="status-page__detail">{this.state.error.message}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            window.location.reload();
          }}
        >
          <Trans>Reload</Trans>
        </button>
      </main>
    );
  }
}
