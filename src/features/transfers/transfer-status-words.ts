// A transfer's status as a person reads it ([PUR-T16]: from one function, never the server's codes).
import { documentStatusWords } from '../../domain/purchasing/document-status';

/** An event with no status (a document's creation) reads as nothing. */
export function transferStatusWords(status: string | null): string {
  return status === null ? '' : documentStatusWords('transfer', status);
}
