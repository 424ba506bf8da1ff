// The one manager-approval dialog (issue 18): what is being approved, the managers and owners who have a
// PIN, and a field labelled 'PIN'. Closing it cancels the action and loses nothing: the cart, the refund form
// and the count stay as they were.
import { useSyncExternalStore } from 'react';
import { Dialog } from '../../ui/dialog';
import { Button } from '../../ui/button';
import type { ApprovalDesk } from './approval-desk';
import { useTillPeople } from './lock-screen';
import { PinEntry } from './pin-entry';
import type { SharedTillDeps } from './shared-till-deps';
import { isManager } from './till-session';

const ACTION_TITLES = {
  refund: 'Approve a refund',
  discount: 'Approve a discount',
  price_override: 'Approve a price change',
  line_removal: 'Approve removing a line',
  no_sale: 'Approve opening the drawer',
  shift_difference: 'Approve a cash difference',
} as const;

export function ApprovalDialog({ desk, deps }: { desk: ApprovalDesk; deps: SharedTillDeps }) {
  const request = useSyncExternalStore(desk.subscribe, desk.pending);
  const people = useTillPeople(deps);
  const managers = (people ?? []).filter((person) => isManager(person.role));
  const cancel = () => void desk.answer(null);
  return (
    <Dialog
      title={request ? ACTION_TITLES[request.action] : 'Manager approval'}
      isOpen={request !== null}
      onOpenChange={(open) => {
        if (!open) cancel();
      }}
    >
      {request ? (
        <div className="approval-dialog">
          <p>{request.what}</p>
          <p>A manager approves it with their PIN.</p>
          <PinEntry
            key={`${request.action}:${request.subjectId}`}
            deps={deps}
            people={managers}
            question="Which manager approves?"
            submitLabel="Approve"
            initial={managers.length === 1 ? (managers[0] ?? null) : null}
            onRight={(manager, key) => desk.answer({ id: manager.id, name: manager.name, key })}
            offlineMessage="A manager’s approval needs a connection on this till. Cancel to go on without it, or try again when online."
          />
          <Button variant="ghost" onPress={cancel}>
            Cancel
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
