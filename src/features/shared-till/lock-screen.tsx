// The lock screen over a shared till's register (issue 18): the active staff who have a PIN, a keypad and a
// field labelled 'PIN'. A right PIN puts that person at the counter with the key it derived (memory only);
// a locked-out person can be cleared by a manager's PIN, there and then.
import { useCallback, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { companyStaff } from '../../data/local/mirror-reads';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { Button } from '../../ui/button';
import { clearLockout, tillPeopleOf, type TillPerson } from './pin-check';
import { PinEntry } from './pin-entry';
import { logActivity, type SharedTillDeps } from './shared-till-deps';
import { isManager } from './till-session';
import './shared-till.css';

/** The staff a shared till lists, read live so a pull that adds, deactivates or re-PINs someone shows. */
export function useTillPeople(deps: SharedTillDeps): readonly TillPerson[] | undefined {
  const { mirror, companyId } = deps;
  const read = useCallback(
    async () => tillPeopleOf(await companyStaff(mirror, companyId)),
    [mirror, companyId],
  );
  return readyValue(useLiveQuery(read));
}

export function LockScreen({ deps }: { deps: SharedTillDeps }) {
  const { t } = useLingui();
  const people = useTillPeople(deps);
  return (
    <section className="lock-screen" aria-labelledby="lock-screen-title">
      <h2 id="lock-screen-title" className="lock-screen__title">
        <Trans>Till locked</Trans>
      </h2>
      {people === undefined ? (
        <p aria-busy="true">
          <Trans>Reading this shop&apos;s staff…</Trans>
        </p>
      ) : (
        <PinEntry
          deps={deps}
          people={people}
          question={t`Who is selling?`}
          submitLabel={t`Unlock`}
          onRight={async (person, key) => {
            const who = { id: person.id, name: person.name, role: person.role, key };
            deps.session.unlock(who);
            await logActivity(deps, 'switch', { name: person.name }, who);
          }}
          lockedOutAction={(person, cleared) => (
            <ManagerClear deps={deps} people={people} person={person} onCleared={cleared} />
          )}
        />
      )}
    </section>
  );
}

/** [PIN-5] A manager's (or owner's) PIN clears someone's lockout on this till. */
function ManagerClear({
  deps,
  people,
  person,
  onCleared,
}: {
  deps: SharedTillDeps;
  people: readonly TillPerson[];
  person: TillPerson;
  onCleared: () => void;
}) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const managers = people.filter((someone) => isManager(someone.role) && someone.id !== person.id);
  if (managers.length === 0) return null;
  if (!asking) {
    return (
      <Button
        variant="secondary"
        onPress={() => {
          setAsking(true);
        }}
      >
        <Trans>Clear with a manager&apos;s PIN</Trans>
      </Button>
    );
  }
  return (
    <div className="lock-screen__clear">
      <PinEntry
        deps={deps}
        people={managers}
        question={t`Which manager clears it?`}
        submitLabel={t`Clear lockout`}
        initial={managers.length === 1 ? (managers[0] ?? null) : null}
        onRight={async (manager, key) => {
          await clearLockout(deps.commandDeps.ledger, person.id);
          await logActivity(
            deps,
            'lockout_cleared',
            { staff_id: person.id, name: person.name, by: manager.name },
            { id: manager.id, key },
          );
          setAsking(false);
          onCleared();
        }}
      />
    </div>
  );
}
