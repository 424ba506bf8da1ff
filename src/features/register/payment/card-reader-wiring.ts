// The register's card reader (issue 20) from the app's pieces: the card-payments function's client for this
// till, the device's memory of which reader is the till's (data/local/till-card-reader.ts), and on the local
// stack the controls of its simulated readers.
import type { SupabaseClient } from '@supabase/supabase-js';
import { cardPaymentsClient } from '../../../data/remote/card-payments';
import { readerSimulator } from '../../../data/remote/reader-simulator';
import {
  assignedReader,
  readTillReader,
  writeTillReader,
  type ReaderStorage,
} from '../../../data/local/till-card-reader';
import type { Clock } from '../../../domain/clock';
import type { RegisterCardReader } from '../register-deps';

export interface CardReaderSources {
  supabase: Pick<SupabaseClient, 'functions'>;
  terminalId: string;
  currency: string;
  storage: ReaderStorage | null;
  clock: Clock;
  /** The local stack's URL, for its simulated readers' controls; absent against a real project. */
  simulatorUrl?: string;
}

export function cardReaderFor(sources: CardReaderSources): RegisterCardReader {
  const { terminalId, storage } = sources;
  const client = cardPaymentsClient(sources.supabase);
  return {
    known: () => readTillReader(storage, terminalId)?.reader ?? null,
    async refresh() {
      const reader = assignedReader(await client.listReaders(terminalId), terminalId);
      writeTillReader(storage, terminalId, reader, sources.clock().toISOString());
      return reader;
    },
    start: (saleId, amount) =>
      client.startPayment({ terminalId, saleId, amount, currency: sources.currency }),
    get: (paymentId, refresh) => client.getPayment(paymentId, refresh),
    cancel: (paymentId) => client.cancelPayment(paymentId),
    ...(sources.simulatorUrl ? { simulator: readerSimulator(sources.simulatorUrl) } : {}),
  };
}
