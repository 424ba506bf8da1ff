// Hands the Device (built once in main.tsx) to the shell's components: the update prompt, the install button
// and the schema-upgrade notice. Routes get their adapters through the router context instead.
import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import type { Device, SaleState } from './device';
import type { InstallState } from './install-offer';
import type { UpdateStatus } from './service-worker';

const DeviceContext = createContext<Device | null>(null);

export function DeviceProvider({ device, children }: { device: Device; children: ReactNode }) {
  return <DeviceContext value={device}>{children}</DeviceContext>;
}

export function useDevice(): Device | null {
  return use(DeviceContext);
}

const noop = () => () => undefined;

export function useSaleState(device: Pick<Device, 'getSaleState' | 'subscribeSaleState'>): SaleState {
  return useSyncExternalStore(device.subscribeSaleState, device.getSaleState);
}

export function useUpdateStatus(device: Pick<Device, 'updates'> | null): UpdateStatus {
  const updates = device?.updates ?? null;
  return useSyncExternalStore(
    updates ? updates.subscribe : noop,
    updates ? updates.getStatus : () => 'current' as const,
  );
}

export function useInstallState(device: Device | null): InstallState {
  const install = device?.install ?? null;
  return useSyncExternalStore(
    install ? install.subscribe : noop,
    install ? install.getState : () => 'unavailable' as const,
  );
}

export function useSchemaStale(device: Pick<Device, 'schema'> | null): boolean {
  const schema = device?.schema ?? null;
  return useSyncExternalStore(schema ? schema.subscribe : noop, schema ? schema.isStale : () => false);
}
