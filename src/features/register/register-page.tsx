// The register route's body: says plainly what is missing (no terminal on this device, shop data not synced,
// no products yet) and otherwise shows the register. The route composes `deps` from the app's databases.
import { useMemo } from 'react';
import { EmptyState } from '../../ui/layout';
import type { RegisterData } from './register-data';
import type { RegisterDeps } from './register-deps';
import { RegisterScreen } from './register-screen';

export function RegisterPage({
  data,
  depsFor,
}: {
  data: RegisterData;
  /** Builds the screen's dependencies once the data is there; keep it stable (the screen rebuilds on change). */
  depsFor: (ready: Extract<RegisterData, { kind: 'ready' }>) => RegisterDeps;
}) {
  // Built once per load: a new deps object would restart the screen's listeners and stock reads.
  const deps = useMemo(
    () => (data.kind === 'ready' && data.catalog.products.length > 0 ? depsFor(data) : null),
    [data, depsFor],
  );
  if (data.kind === 'no_terminal') {
    return <EmptyState title="This device is not a till yet">{data.message}</EmptyState>;
  }
  if (data.kind === 'not_synced') {
    return <EmptyState title="The shop's data is not here yet">{data.message}</EmptyState>;
  }
  if (deps === null) {
    return (
      <EmptyState title="No products on this device yet">
        Add products in Products, or connect once so this device can sync them.
      </EmptyState>
    );
  }
  return <RegisterScreen deps={deps} />;
}
