// The register's scanner listens to the whole document. While a stock screen is open over it, scans are
// theirs: the screen takes the route, and the register hands every scan to it instead of the cart.
export interface ScanRoute {
  /** Takes every scan until the returned function gives it back. */
  take: (onScan: (code: string) => void) => () => void;
}

export function scanRoute(): ScanRoute & { current: () => ((code: string) => void) | null } {
  let taker: ((code: string) => void) | null = null;
  return {
    take(onScan) {
      taker = onScan;
      return () => {
        if (taker === onScan) taker = null;
      };
    },
    current: () => taker,
  };
}
