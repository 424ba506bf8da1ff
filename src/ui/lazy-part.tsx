// A part of a screen that loads on demand (React.lazy), with what happens when it cannot: the file did not
// come (offline before it was ever cached, or a deploy removed it). The part says so in words, in its place,
// and the screen around it keeps everything — the cart, the recorded sale — instead of going blank or reloading.
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Component, Suspense, type ReactNode } from 'react';
import { Alert } from './alert';

interface Props {
  /** What the part is, as the cashier would name it: 'The options for Latte'. */
  what: string;
  /** Closes the part (the caller stops rendering it). */
  onClose?: () => void;
  children: ReactNode;
}

export class LazyPart extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn(`${this.props.what} could not load`, error);
  }

  override render() {
    const { what, onClose, children } = this.props;
    if (!this.state.failed) return <Suspense fallback={null}>{children}</Suspense>;
    return (
      <div className="lazy-part-failed">
        <Alert tone="warning" title={t`${what} could not load`}>
          <p>
            <Trans>
              This part of Tillpoint is not on this device yet and the network is not reachable. The cart and
              every recorded sale are kept. Once the network is back, reload to get it.
            </Trans>
          </p>
          {onClose ? (
            <button type="button" className="button button--secondary" onClick={onClose}>
              <Trans>Close</Trans>
            </button>
          ) : null}
        </Alert>
      </div>
    );
  }
}
