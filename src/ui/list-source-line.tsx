// The info line above a list that is not (yet) the server's whole answer: each screen gives its words for
// each source of its rows (data-table's neighbour, use-device-and-server-rows' ListSource).
import { Alert } from './alert';
import type { ListSource } from './use-device-and-server-rows';

export type ListSourceWords = Partial<Record<ListSource, string>>;

export function ListSourceLine({ source, words }: { source: ListSource; words: ListSourceWords }) {
  const text = words[source];
  return text === undefined ? null : <Alert tone="info">{text}</Alert>;
}
