// The server's refusals of register_terminal (supabase/SPEC.md [ONB-6]) in words a cashier can act on.
import { t } from '@lingui/core/macro';
import type { Result } from '../../domain/result';

type Failure = Extract<Result<unknown>, { ok: false }>['error'];

export function setupErrorText(error: Failure): string {
  switch (error.code) {
    case 'offline':
      return t`Setting up a till needs the network once. Connect this device and try again.`;
    case 'insufficient_role':
      return t`Your role in this shop may not set up a till. Ask a manager or the owner.`;
    case 'not_member':
      return t`You are no longer a member of this shop, so this device cannot become one of its tills.`;
    case 'not_signed_in':
      return t`Your session has ended. Sign in again, then set up the till.`;
    case 'unknown_store':
      return t`That store no longer exists. Choose another store.`;
    case 'duplicate_id':
      return t`This device’s till id belongs to another shop. Reload the page and try again.`;
    default:
      // Every other refusal already arrives in the person's words (registerTerminal says each code, or the
      // code itself when it has no sentence for it): no English prefix in front of them (issue 35).
      return error.message;
  }
}
