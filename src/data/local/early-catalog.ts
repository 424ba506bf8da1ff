// [PULL-S] P6: a signed-in cold start that opens on the register reads and parses its catalogue snapshots as
// main.tsx's first step, instead of once the router has reached the register's loader (after the services, the
// membership and the till guard). The loader takes that read (once: later visits read their own), so the
// mirror's open, the snapshot's few records and their parse happen while the rest of the app loads. Only the
// snapshot is read early: when it is missing or stale the loader reads the rows as it always did and the
// register writes the snapshot after them (register-data.ts), so this never decides whether one is saved.
import { markBoot } from '../../lib/boot-marks';
import { mirrorName } from './db-names';
import { MirrorDb } from './mirror-db';
import { parseSnapshotsAhead, readCatalogSnapshots, type CatalogSnapshots } from './register-catalog';

interface EarlyRead {
  mirror: MirrorDb;
  /** Null once the loader has taken it. */
  snapshots: Promise<CatalogSnapshots> | null;
}

let early: EarlyRead | null = null;

/** Opens `userId`'s mirror and starts reading its catalogue snapshots. */
export function startEarlyCatalogRead(supabaseUrl: string, userId: string): void {
  readCatalogEarly(new MirrorDb(mirrorName(supabaseUrl, userId)));
}

/** Starts reading `mirror`'s catalogue snapshots, for the register's loader to take. */
export function readCatalogEarly(mirror: MirrorDb): void {
  // A failed open shows in the snapshot read below, which the loader works around: never an unhandled rejection.
  mirror.open().then(
    () => {
      markBoot('mirror opened early');
    },
    () => undefined,
  );
  const snapshots = readCatalogSnapshots(mirror).then((read) => {
    markBoot('catalog snapshot read early');
    parseSnapshotsAhead(read);
    markBoot('catalog snapshot parsed early');
    return read;
  });
  // Its failure is the loader's to work around (it reads again); never an unhandled rejection.
  snapshots.catch(() => undefined);
  early = { mirror, snapshots };
}

/**
 * The mirror the early read opened, when it is the one named: the sync services use that instance rather than
 * open a second connection to the same database.
 */
export function earlyMirror(name: string): MirrorDb | undefined {
  return early?.mirror.name === name ? early.mirror : undefined;
}

/** The early read of `mirror`'s snapshots, handed out once; undefined when none was started for it. */
export function takeEarlySnapshots(mirror: MirrorDb): Promise<CatalogSnapshots> | undefined {
  if (early?.mirror.name !== mirror.name || !early.snapshots) return undefined;
  const { snapshots } = early;
  early.snapshots = null;
  return snapshots;
}
