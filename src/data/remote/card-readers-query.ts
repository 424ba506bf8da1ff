// "This till's card reader" and the shop's others, as one React Query read keyed by the till: Settings → This
// till changes them and invalidates `cardReadersKey(terminalId)`, and whatever else reads this query (the
// register's 'Card' on the reader) follows without a reload.
import { queryOptions } from '@tanstack/react-query';
import type { CardPaymentsClient, CardReader } from './card-payments';

/** Every till's readers: what a change invalidates (assigning a reader here takes it off another till). */
export const CARD_READERS_KEY = ['card-readers'] as const;

export function cardReadersKey(terminalId: string) {
  return [...CARD_READERS_KEY, terminalId] as const;
}

export interface TillReaders {
  /** The reader assigned to this till, if any ([CARD-1]: at most one). */
  mine: CardReader | null;
  /** The shop's other readers, on another till or on none. */
  others: CardReader[];
}

export function tillReaders(readers: readonly CardReader[], terminalId: string): TillReaders {
  return {
    mine: readers.find((reader) => reader.terminal_id === terminalId) ?? null,
    others: readers.filter((reader) => reader.terminal_id !== terminalId),
  };
}

export function cardReadersQuery(client: Pick<CardPaymentsClient, 'listReaders'>, terminalId: string) {
  return queryOptions({
    queryKey: cardReadersKey(terminalId),
    queryFn: async () => tillReaders(await client.listReaders(terminalId), terminalId),
    // A refusal (offline, not a member) is shown as it is: asking again at once would answer the same.
    retry: false,
  });
}
