// The update prompt and the schema-upgrade notice, loaded when first shown: most pages never show them, so
// their code (and react-aria's) stays off the first screen. The update gate decides on the sale state, so the
// prompt waits until the device's databases have been read once (opening them if nothing had yet).
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Device } from './device';
import { useSchemaStale, useUpdateStatus } from './device-context';
import type { UpdatePromptDevice } from './update-prompt';

const UpdatePrompt = lazy(() => import('./update-prompt').then((m) => ({ default: m.UpdatePrompt })));
const SchemaUpgradeNotice = lazy(() =>
  import('./update-prompt').then((m) => ({ default: m.SchemaUpgradeNotice })),
);

export function RootNotices({
  device,
  readDatabases,
}: {
  device: UpdatePromptDevice & Pick<Device, 'schema'>;
  /** Opens the databases if need be; settles once the sale state is known. */
  readDatabases: () => Promise<void>;
}) {
  const updatePending = useUpdateStatus(device) !== 'current';
  const stale = useSchemaStale(device);
  const [saleStateKnown, setSaleStateKnown] = useState(false);

  useEffect(() => {
    if (!updatePending || saleStateKnown) return;
    let current = true;
    // Unreadable databases leave the sale state as it was (nothing open, nothing queued), as before.
    const known = () => {
      if (current) setSaleStateKnown(true);
    };
    readDatabases().then(known, known);
    return () => {
      current = false;
    };
  }, [updatePending, saleStateKnown, readDatabases]);

  return (
    <Suspense fallback={null}>
      {updatePending && saleStateKnown ? <UpdatePrompt device={device} /> : null}
      {stale ? <SchemaUpgradeNotice device={device} /> : null}
    </Suspense>
  );
}
