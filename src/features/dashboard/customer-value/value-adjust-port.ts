// [VAL-T60] The back office's corrections of customer value: `value.adjust` through the outbox like every other
// op, with no till (`terminalId` null) and the shop named by its id ([VAL-C5], [VAL-A4]); the sync engine
// pushes it shortly after (the command deps' write hook), and `settled` follows it until it has left.
import type { CommandDeps } from '../../../data/local/command-deps';
import { whenOpSettled } from '../../../data/local/op-settled';
import { adjustValue } from '../../../data/ops/value-adjust';
import { opErrorWords } from '../../../data/sync/op-error-words';
import { ok } from '../../../domain/result';
import type { ValueAdjustPort } from './customer-value-deps';

export function valueAdjustPort(commandDeps: CommandDeps, companyId: string): ValueAdjustPort {
  return {
    async send({ delta, ...request }) {
      const queued = await adjustValue(commandDeps, {
        ...request,
        ...(delta === undefined ? {} : { delta }),
        companyId,
        terminalId: null,
      });
      return queued.ok ? ok({ id: queued.value.id }) : queued;
    },
    async settled(id) {
      const error = await whenOpSettled(commandDeps.ledger, id);
      return error === null ? null : opErrorWords(error);
    },
  };
}
