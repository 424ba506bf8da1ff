// A shared till's lock screen, lockouts and manager approval (issue 18) against fake-indexeddb: PINs are
// checked on the device with the verifier the mirror holds, misses are stored per person on this till (a
// new screen — a reload — still knows them), a manager's PIN clears them, and every key signs the proofs the
// server re-computes. The staff and their quick PINs are in staff-test-fixtures.ts.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signProof } from '../../domain/staff-pin';
import {
  readLockout,
  SHARED_MODE_OFF,
  writeLockout,
  writeSharedMode,
} from '../../data/local/shared-till-meta';
import { openShift } from '../../data/ops/shift-open';
import { COMPANY_A } from '../../../tests/support/ledger-fixtures';
import { ApprovalDesk } from './approval-desk';
import { ApprovalDialog } from './approval-dialog';
import { LockScreen } from './lock-screen';
import { SharedTillGate } from './shared-till-gate';
import { sessionSigner } from './till-session';
import { world } from './shared-till-test-world';
import { DEFAULT_SHARED_TILL_RULES } from '../../domain/shared-till-rules';
import { atCounter, CARA, MAX } from './staff-test-fixtures';

afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

const SUBJECT_ID = 'e0000000-0000-4000-8000-000000000002';

async function typePin(pin: string, submit = 'Unlock') {
  const user = userEvent.setup();
  await user.clear(screen.getByLabelText('PIN'));
  await user.type(screen.getByLabelText('PIN'), pin);
  await user.click(screen.getByRole('button', { name: submit }));
}

describe('the lock screen', () => {
  test('[PIN-3] lists the active staff with a PIN; a wrong PIN says so with the tries left, the right one unlocks', async () => {
    const { deps, session, keys, activity } = await world();
    const user = userEvent.setup();
    render(<LockScreen deps={deps} />);
    const list = await screen.findByRole('group', { name: 'Who is selling?' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cara · Cashier', 'Max Manager · Manager']);
    await user.click(within(list).getByRole('button', { name: /^Cara/ }));
    await typePin('1234');
    expect(await screen.findByText('Wrong PIN. 4 tries left.')).toBeInTheDocument();
    expect(session.get().who).toBeNull();
    await typePin(CARA.pin);
    await waitFor(() => {
      expect(session.get().who).not.toBeNull();
    });
    await waitFor(async () => {
      expect(await activity()).toHaveLength(2);
    });
    expect(session.get().who).toMatchObject({
      id: CARA.id,
      name: 'Cara',
      role: 'cashier',
      key: keys.get(CARA.id),
    });
    // One event for the run of misses (nobody's key in memory), then the switch signed with Cara's key.
    const [missed, switched] = await activity();
    expect(missed?.args).toMatchObject({
      kind: 'pin_failed',
      cashier_id: null,
      detail: { staff_id: CARA.id, misses: 1 },
    });
    expect(switched?.args).toMatchObject({ kind: 'switch', cashier_id: CARA.id });
    expect(switched?.args.cashier_proof).toBe(
      await signProof(
        keys.get(CARA.id) ?? '',
        'cashier',
        COMPANY_A,
        'activity.record',
        String(switched?.args.id),
        'sell',
      ),
    );
  });

  test('[PIN-5] five wrong PINs lock that person out on this till, after a reload too, until a manager clears it', async () => {
    const { deps, ledger, activity } = await world();
    const user = userEvent.setup();
    const first = render(<LockScreen deps={deps} />);
    await user.click(await screen.findByRole('button', { name: /^Cara/ }));
    for (let miss = 1; miss <= 4; miss += 1) {
      await typePin('0000');
      expect(
        await screen.findByText(`Wrong PIN. ${String(5 - miss)} ${miss === 4 ? 'try' : 'tries'} left.`),
      ).toBeInTheDocument();
    }
    await typePin('0000');
    expect(await screen.findByText(/^Wrong PIN\. Too many tries: wait 60 s/)).toBeInTheDocument();
    expect(await readLockout(ledger, CARA.id)).toMatchObject({ failures: 5 });
    expect((await activity()).map((op) => op.args.kind)).toEqual(['pin_lockout']);

    // A new screen (as after a reload) still says so, and does not even try the right PIN.
    first.unmount();
    render(<LockScreen deps={deps} />);
    await user.click(await screen.findByRole('button', { name: /^Cara/ }));
    expect(await screen.findByText(/^Too many tries: wait 60 s/)).toBeInTheDocument();
    await typePin(CARA.pin);
    expect(await screen.findByText(/^Too many tries/)).toBeInTheDocument();
    expect(deps.session.get().who).toBeNull();

    await user.click(screen.getByRole('button', { name: "Clear with a manager's PIN" }));
    // The manager's own PIN field, under Cara's.
    await user.type(screen.getAllByLabelText('PIN').at(-1) ?? document.body, MAX.pin);
    await user.click(screen.getByRole('button', { name: 'Clear lockout' }));
    await waitFor(async () => {
      expect(await activity()).toHaveLength(2);
    });
    expect(await readLockout(ledger, CARA.id)).toEqual({ failures: 0, lockedUntil: null });
    expect((await activity()).map((op) => op.args.kind)).toEqual(['pin_lockout', 'lockout_cleared']);
    await typePin(CARA.pin);
    await waitFor(() => {
      expect(deps.session.get().who?.id).toBe(CARA.id);
    });
  });
});

describe('the counter, finished: a lockout counts down', () => {
  test('[COUNTER-13] the lockout’s wait counts down as the clock moves and clears when it is over', async () => {
    const { deps, ledger } = await world();
    let clock = Date.parse('2026-11-26T09:00:00Z');
    const ticking = { ...deps, now: () => clock };
    await writeLockout(ledger, CARA.id, { failures: 5, lockedUntil: clock + 60_000 });
    const user = userEvent.setup();
    render(<LockScreen deps={ticking} />);
    await user.click(await screen.findByRole('button', { name: /^Cara/ }));
    expect(await screen.findByText(/^Too many tries: wait 60 s/)).toBeInTheDocument();

    clock += 32_000;
    expect(await screen.findByText(/^Too many tries: wait 28 s/, {}, { timeout: 2500 })).toBeInTheDocument();
    // A PIN typed while locked is not tried; what it says counts down too.
    await typePin(CARA.pin);
    expect(await screen.findByText(/^Too many tries: wait 28 s/)).toBeInTheDocument();
    expect(deps.session.get().who).toBeNull();
    clock += 10_000;
    expect(await screen.findByText(/^Too many tries: wait 18 s/, {}, { timeout: 2500 })).toBeInTheDocument();

    clock += 18_000;
    await waitFor(
      () => {
        expect(screen.queryByText(/Too many tries/)).not.toBeInTheDocument();
      },
      { timeout: 2500 },
    );
    await typePin(CARA.pin);
    await waitFor(() => {
      expect(deps.session.get().who?.id).toBe(CARA.id);
    });
  });
});

describe('manager approval by PIN', () => {
  const SUBJECT = 'e0000000-0000-4000-8000-000000000001';

  test('a cashier at the counter: the dialog asks a manager; cancel refuses, the manager’s PIN signs the approval', async () => {
    const { deps, session, keys } = await world();
    session.unlock({ id: CARA.id, name: 'Cara', role: 'cashier', key: keys.get(CARA.id) ?? '' });
    const desk = new ApprovalDesk(session);
    desk.attach(deps, DEFAULT_SHARED_TILL_RULES);
    const user = userEvent.setup();
    render(<ApprovalDialog desk={desk} deps={deps} />);

    let answer = desk.ask('refund', SUBJECT, 'A refund of sale T7-000001.', (rules) => rules.approveRefund);
    const dialog = await screen.findByRole('dialog', { name: 'Approve a refund' });
    expect(within(dialog).getByText('A refund of sale T7-000001.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await answer).toEqual({ approved: false });

    answer = desk.ask('refund', SUBJECT, 'A refund of sale T7-000001.', (rules) => rules.approveRefund);
    const again = await screen.findByRole('dialog', { name: 'Approve a refund' });
    // One manager with a PIN: the dialog starts on them (once the staff are read from the mirror).
    await user.type(await within(again).findByLabelText('PIN'), '9999');
    await user.click(within(again).getByRole('button', { name: 'Approve' }));
    expect(await within(again).findByText('Wrong PIN. 4 tries left.')).toBeInTheDocument();
    await user.clear(within(again).getByLabelText('PIN'));
    await user.type(within(again).getByLabelText('PIN'), MAX.pin);
    await user.click(within(again).getByRole('button', { name: 'Approve' }));
    expect(await answer).toEqual({
      approved: true,
      approval: {
        by: MAX.id,
        action: 'refund',
        proof: await signProof(
          keys.get(MAX.id) ?? '',
          'approval',
          COMPANY_A,
          'sale.refund',
          SUBJECT,
          'refund',
        ),
      },
    });
  });

  test('a manager at the counter approves their own action; a shop that asks for none, and outside shared mode, nothing is asked', async () => {
    const { deps, session, keys } = await world();
    const desk = new ApprovalDesk(session);
    desk.attach(deps, { ...DEFAULT_SHARED_TILL_RULES, approveLineRemoval: false });
    session.unlock({ id: MAX.id, name: 'Max Manager', role: 'manager', key: keys.get(MAX.id) ?? '' });
    const own = await desk.ask('refund', SUBJECT, 'A refund.', (rules) => rules.approveRefund);
    expect(own).toEqual({
      approved: true,
      approval: {
        by: MAX.id,
        action: 'refund',
        proof: await signProof(
          keys.get(MAX.id) ?? '',
          'approval',
          COMPANY_A,
          'sale.refund',
          SUBJECT,
          'refund',
        ),
      },
    });
    session.unlock({ id: CARA.id, name: 'Cara', role: 'cashier', key: keys.get(CARA.id) ?? '' });
    expect(
      await desk.ask('line_removal', SUBJECT, 'Remove a line.', (rules) => rules.approveLineRemoval),
    ).toEqual({
      approved: true,
      approval: null,
    });
    session.setShared(false);
    expect(await desk.ask('refund', SUBJECT, 'A refund.', (rules) => rules.approveRefund)).toEqual({
      approved: true,
      approval: null,
    });
  });
});

describe('a till without PIN material', () => {
  test('[PIN-6] checks a PIN online: without a connection it says so and stays locked; online the right PIN unlocks', async () => {
    const { deps, session, keys, ledger } = await world();
    // [STAFF-14] As a cashier's session pulls it: Cara's PIN is set, her salt and verifier are not here.
    await deps.mirror.staff.update(CARA.id, {
      pin_salt: null,
      pin_kdf: null,
      pin_verifier: null,
      pin_set: true,
    });
    const asked: string[] = [];
    let online = false;
    deps.checkPinOnline = (staffId, pin) => {
      asked.push(`${staffId}:${pin}`);
      if (!online) return Promise.resolve({ kind: 'offline' });
      return Promise.resolve(
        pin === CARA.pin ? { kind: 'right', key: keys.get(CARA.id) ?? '' } : { kind: 'wrong', triesLeft: 3 },
      );
    };
    const user = userEvent.setup();
    render(<LockScreen deps={deps} />);
    const list = await screen.findByRole('group', { name: 'Who is selling?' });
    await user.click(within(list).getByRole('button', { name: /^Cara/ }));
    await typePin(CARA.pin);
    expect(
      await screen.findByText('This till checks this PIN online: connect to the internet and try again.'),
    ).toBeInTheDocument();
    expect(session.get().who).toBeNull();
    online = true;
    await typePin('1234');
    expect(await screen.findByText('Wrong PIN. 3 tries left.')).toBeInTheDocument();
    expect(session.get().who).toBeNull();
    await typePin(CARA.pin);
    await waitFor(() => {
      expect(session.get().who).toMatchObject({ id: CARA.id, key: keys.get(CARA.id) });
    });
    expect(asked).toEqual([`${CARA.id}:${CARA.pin}`, `${CARA.id}:1234`, `${CARA.id}:${CARA.pin}`]);
    expect(await readLockout(ledger, CARA.id)).toMatchObject({ failures: 0 });
  });
});

describe('an approval on a till without PIN material', () => {
  test('[PIN-6] without a connection the dialog says a manager’s approval needs one; online the manager’s PIN signs it', async () => {
    const { deps, session, keys } = await world();
    await deps.mirror.staff.update(MAX.id, {
      pin_salt: null,
      pin_kdf: null,
      pin_verifier: null,
      pin_set: true,
    });
    let online = false;
    deps.checkPinOnline = (_staffId, pin) =>
      Promise.resolve(
        !online
          ? { kind: 'offline' }
          : pin === MAX.pin
            ? { kind: 'right', key: keys.get(MAX.id) ?? '' }
            : { kind: 'wrong', triesLeft: 4 },
      );
    session.unlock({ id: CARA.id, name: 'Cara', role: 'cashier', key: keys.get(CARA.id) ?? '' });
    const desk = new ApprovalDesk(session);
    desk.attach(deps, DEFAULT_SHARED_TILL_RULES);
    const user = userEvent.setup();
    render(<ApprovalDialog desk={desk} deps={deps} />);
    const ask = () => desk.ask('refund', SUBJECT_ID, 'A refund.', (rules) => rules.approveRefund);
    // The first ask, cancelled, lets the dialog read the staff; the second starts on the one manager.
    const first = ask();
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Approve a refund' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(await first).toEqual({ approved: false });
    const answer = ask();
    const dialog = await screen.findByRole('dialog', { name: 'Approve a refund' });
    await user.type(await within(dialog).findByLabelText('PIN'), MAX.pin);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await within(dialog).findByText(/A manager’s approval needs a connection on this till/),
    ).toBeInTheDocument();
    online = true;
    await user.type(within(dialog).getByLabelText('PIN'), MAX.pin);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await answer).toEqual({
      approved: true,
      approval: {
        by: MAX.id,
        action: 'refund',
        proof: await signProof(
          keys.get(MAX.id) ?? '',
          'approval',
          COMPANY_A,
          'sale.refund',
          SUBJECT_ID,
          'refund',
        ),
      },
    });
  });
});

describe('ops name whoever is at the counter', () => {
  test('[PIN-4] a shift opened on a shared till carries the cashier and their proof; outside shared mode the signed-in user', async () => {
    const { deps, session, keys, ledger } = await world();
    session.unlock({ id: CARA.id, name: 'Cara', role: 'cashier', key: keys.get(CARA.id) ?? '' });
    const sign = sessionSigner(session, COMPANY_A, deps.userId);
    const id = deps.commandDeps.ids();
    const opened = await openShift(deps.commandDeps, {
      companyId: COMPANY_A,
      openingFloat: 100,
      cashierId: deps.userId,
      id,
      stamp: await sign('shift.open', id),
    });
    expect(opened.ok).toBe(true);
    const [op] = await ledger.outbox.toArray();
    expect(op?.args).toMatchObject({
      id,
      cashier_id: CARA.id,
      cashier_proof: await signProof(keys.get(CARA.id) ?? '', 'cashier', COMPANY_A, 'shift.open', id, 'sell'),
    });
    session.setShared(false);
    expect(await sign('shift.open', id)).toEqual({ cashier_id: deps.userId });
  });
});

describe('the idle lock', () => {
  const MINUTE = 60_000;

  /** The gate on a till in shared mode (with `tillMinutes` of its own), a shop that locks after `shopMinutes`. */
  async function idleTill(shopMinutes: number, tillMinutes: number | null) {
    const { deps, ledger, session, keys } = await world();
    await deps.mirror.companies.put({ id: COMPANY_A, lock_idle_minutes: shopMinutes });
    await writeSharedMode(ledger, { ...SHARED_MODE_OFF, on: true, idleMinutes: tillMinutes });
    session.setShared(false);
    render(
      <SharedTillGate deps={deps} desk={new ApprovalDesk(session)}>
        <p>The register</p>
      </SharedTillGate>,
    );
    await screen.findByRole('group', { name: 'Who is selling?' });
    // Only the idle timer is faked: IndexedDB (fake-indexeddb) runs on setImmediate.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => {
      session.unlock(atCounter(CARA, keys));
    });
    expect(screen.getByText('The register')).toBeInTheDocument();
    return session;
  }

  function idleFor(ms: number) {
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  }

  test('locks the till after the shop’s idle minutes without a touch; a key press starts them again', async () => {
    const session = await idleTill(3, null);
    idleFor(2 * MINUTE);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    idleFor(3 * MINUTE - 1);
    expect(session.get().who?.id).toBe(CARA.id);
    idleFor(1);
    expect(session.get().who).toBeNull();
  });

  test('this till’s own idle minutes win over the shop’s', async () => {
    const session = await idleTill(5, 1);
    idleFor(MINUTE - 1);
    expect(session.get().who?.id).toBe(CARA.id);
    idleFor(1);
    expect(session.get().who).toBeNull();
  });
});
