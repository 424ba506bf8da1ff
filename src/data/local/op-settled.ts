// When an op a screen queued has left the device ([VAL-T60]): the back office has no till, and the server's
// figures it shows change only once the sync engine has pushed the op. Read live from the ledger's outbox and
// dead letters by the row the op names, so it follows the engine in any tab.
import { liveQuery } from 'dexie';
import type { LedgerDb } from './ledger-db';
import type { OpError } from './ledger-types';

/**
 * Resolves with null once the server has taken the op that names `entityId` (it left the outbox), with the
 * server's error when it refused it (a dead letter), or with the error it is held on (waiting for another
 * person to sign in, [PUSH-5]), which is as far as this screen can follow it.
 */
export function whenOpSettled(ledger: LedgerDb, entityId: string): Promise<OpError | null> {
  return new Promise((resolve, reject) => {
    const subscription = liveQuery(async () => {
      const [waiting, dead] = await Promise.all([
        ledger.outbox.where('entity.id').equals(entityId).first(),
        ledger.deadLetters.where('entity.id').equals(entityId).first(),
      ]);
      if (dead) return { settled: true, error: dead.error };
      if (!waiting) return { settled: true, error: null };
      return waiting.state === 'held' && waiting.last_error
        ? { settled: true, error: waiting.last_error }
        : { settled: false, error: null };
    }).subscribe({
      next: (answer) => {
        if (!answer.settled) return;
        // Unsubscribed on the next turn: the subscription is not assigned yet when the first answer is sync.
        queueMicrotask(() => {
          subscription.unsubscribe();
        });
        resolve(answer.error);
      },
      error: (error: unknown) => {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
  });
}
