// [SOAK-1] The soak's fault run (tests/support/fault-run.ts, `npm run soak`) at a small size, so the code the
// soak uses is exercised on every CI run; the 1,000-sale single-till version is sync-faults.stack.test.ts.
import 'fake-indexeddb/auto';
import { expect, test } from 'vitest';
import { reportLines, runFaults } from '../support/fault-run';

test('[SOAK-1] three tills, every fault, two leaders, expired and revoked sessions: nothing lost, nothing twice', async () => {
  const report = await runFaults({ ops: 400, tills: 3, seed: 7 });
  console.info(reportLines(report).join('\n'));
  expect(report).toMatchObject({ lost: 0, duplicated: 0, onServer: report.ops });
  expect(report.ops).toBeGreaterThanOrEqual(400);
  expect(report.onHandServer).toBe(report.onHandExpected);
  expect(Object.entries(report.faults).filter(([, count]) => count === 0)).toEqual([]);
  expect(report.twoLeaderRounds).toBeGreaterThan(0);
  expect(report.expiredTokens).toBeGreaterThan(0);
  expect(report.revokedSessions).toBeGreaterThan(0);
}, 300_000);
