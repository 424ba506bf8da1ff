// The bench harness page: exposes `window.bench`, which the runner (tests/bench/run.ts) calls through
// Playwright's page.evaluate. Every timing is taken here, with performance.now(), inside the page.
import { activateLocale } from '../../../src/lib/i18n/activate';
import { createBenchEnv, signIn, type Who } from './bench-env';
import { keepQueuedSales, peerPull, peerPush, PEER_NAME } from './peer-cases';
import { promotionsPerChange } from './promotion-cases';
import { checkout, replay, setUpAppTill, tillLedger } from './sale-cases';
import { filterScan, firstSync } from './sync-cases';

// The app's words (errors a run may throw) come from the English catalogue, as on a till in English.
await activateLocale('en');
const env = createBenchEnv();
let who: Who | null = null;

function signedIn(): Who {
  if (who === null) throw new Error('Call bench.signIn first.');
  return who;
}

const bench = {
  async signIn(email: string, password: string) {
    who = await signIn(env, email, password);
    return who;
  },
  firstSync: (run: number) => firstSync(env, run),
  filterScan,
  checkout: (count: number, timed: boolean, cafe = false) => checkout(env, signedIn(), count, timed, cafe),
  replay: (batchSize: number) => replay(env, signedIn(), batchSize),
  setUpAppTill: () => setUpAppTill(env, signedIn()),
  peerName: () => Promise.resolve(PEER_NAME),
  peerPull: (run: number) => peerPull(env, run),
  keepQueuedSales: async () => keepQueuedSales(await tillLedger(env, signedIn())),
  peerPush: () => peerPush(env),
  promotions: (stress: boolean, rounds: number) => Promise.resolve(promotionsPerChange(stress, rounds)),
};

export type BenchApi = typeof bench;

declare global {
  interface Window {
    bench?: BenchApi;
  }
}

window.bench = bench;
const status = document.getElementById('status');
if (status) status.textContent = 'Bench harness ready';
