// The shop's time zone for every screen under the dashboard, set once by the /dashboard route from the
// membership, so lists, details, receipts and the sync page format times the same way (lib/format-when.ts)
// without threading the zone through each component.
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { formatWhen, type WhenPart } from '../lib/format-when';

const ShopTimeZoneContext = createContext<string | undefined>(undefined);

export function ShopTimeZone({ zone, children }: { zone: string | undefined; children: ReactNode }) {
  return <ShopTimeZoneContext value={zone}>{children}</ShopTimeZoneContext>;
}

/** The shop's IANA zone; undefined outside a known shop (this device's own zone is used then). */
export function useShopTimeZone(): string | undefined {
  return useContext(ShopTimeZoneContext);
}

/** formatWhen bound to the shop's time zone. */
export function useWhen(): (at: string | number | Date, part?: WhenPart) => string {
  const zone = useShopTimeZone();
  return useCallback((at, part) => formatWhen(at, zone, part), [zone]);
}
