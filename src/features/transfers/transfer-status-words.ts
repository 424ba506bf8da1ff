// A transfer's status as a person reads it ([PUR-T16]: from one function, never the server's codes). The
// till's documentStatusWords (src/domain/purchasing/document-status.ts, piece D) has the same shape and the
// same messages (context 'document status'); when both are on main this calls that one.
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const WORDS: Record<string, MessageDescriptor> = {
  draft: msg({ message: 'Draft', context: 'document status' }),
  in_transit: msg({ message: 'In transit', context: 'document status' }),
  partly_received: msg({ message: 'Partly received', context: 'document status' }),
  received: msg({ message: 'Received', context: 'document status' }),
  closed: msg({ message: 'Closed', context: 'document status' }),
  cancelled: msg({ message: 'Cancelled', context: 'document status' }),
};

/** A status this version does not know (a newer server's) reads as the code itself, so nothing is blank. */
export function transferStatusWords(status: string | null): string {
  if (status === null) return '';
  const words = WORDS[status];
  return words ? i18n._(words) : status;
}
