// The register route's body: says plainly what is missing (no terminal on this device, shop data not synced,
// no products yet) and otherwise shows the register. The route composes `deps` from the app's databases.
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, type ReactNode } from 'react';
import { EmptyState, PageHeader } from '../../ui/layout';
import type { RegisterData } from './register-data';
import type { RegisterDeps } from './register-deps';
import { RegisterScreen } from './register-screen';

export function RegisterPage({
  data,
  depsFor,
  shiftId = null,
  setUp,
}: {
  data: RegisterData;
  /**
   * Builds the screen's dependencies once the data is there, for the open shift its sales carry; keep it
   * stable (the screen rebuilds on change).
   */
  depsFor: (ready: Extract<RegisterData, { kind: 'ready' }>, shiftId: string | null) => RegisterDeps;
  /** The open shift (ShiftGate found or opened it), or none when the shop does not ask for one. */
  shiftId?: string | null;
  /** The terminal-setup form, shown when this device is not a till yet (the route composes it). */
  setUp?: ReactNode;
}) {
  const { t } = useLingui();
  // Built once per load and shift: a new deps object would restart the screen's listeners and stock reads.
  const deps = useMemo(
    () => (data.kind === 'ready' && data.catalog.products.length > 0 ? depsFor(data, shiftId) : null),
    [data, depsFor, shiftId],
  );
  if (data.kind === 'no_terminal') {
    return (
      <NotReady title={t`This device is not a till yet`} action={setUp}>
        {setUp ? t`Choose its store and give it a name. Setting up needs the network once.` : data.message}
      </NotReady>
    );
  }
  if (data.kind === 'not_synced') {
    return <NotReady title={t`The shop's data is not here yet`}>{data.message}</NotReady>;
  }
  if (deps === null) {
    return (
      <NotReady title={t`No products on this device yet`}>
        <Trans>Add products in Products, or connect once so this device can sync them.</Trans>
      </NotReady>
    );
  }
  return (
    <>
      {/* The screen is all working space; the page's heading is for screen readers and the tab's outline. */}
      <h1 className="visually-hidden">
        <Trans>Register</Trans>
      </h1>
      <RegisterScreen deps={deps} />
    </>
  );
}

function NotReady({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Register`}
        description={t`Ring up sales, scan barcodes and take cash or card — online or offline.`}
      />
      <EmptyState title={title} action={action}>
        {children}
      </EmptyState>
    </>
  );
}
