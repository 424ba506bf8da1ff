// Last line of defence around the whole app: if the router itself fails to render, show a plain page with a
// reload button instead of a blank screen.
import { Component, type ReactNode } from 'react';

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
        <h1>Tillpoint could not start</h1>
        <p>Reloading usually fixes this. Work saved on this device is kept.</p>
        <p className="status-page__detail">{this.state.error.message}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            window.location.reload();
          }}
        >
          Reload
        </button>
      </main>
    );
  }
}
