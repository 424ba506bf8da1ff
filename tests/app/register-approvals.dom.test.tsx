// The register on a shared till asks a manager's PIN where the shop's rules say so (issue 18): a discount
// over the limit at 'Complete sale', removing a line, and a changed price. It runs the real wiring — the
// page's till session and approval desk, sharedTillHooks, the register and the approval dialog — against
// fake-indexeddb, and checks the ops the server will verify: the approval's approver, action and the proof
// signed with the manager's key for the op's row.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LedgerDb } from '../../src/data/local/ledger-db';
import { DEFAULT_SHARED_TILL_RULES, type SharedTillRules } from '../../src/domain/shared-till-rules';
import { signProof } from '../../src/domain/staff-pin';
import { APPROVAL_OP, type ApprovalAction } from '../../src/domain/cashier-stamp';
import { RegisterScreen } from '../../src/features/register/register-screen';
import { COMPANY, registerWorld, withFakeLayout } from '../../src/features/register/register-test-deps';
import { approvalDesk } from '../../src/features/shared-till/approval-desk';
import { ApprovalDialog } from '../../src/features/shared-till/approval-dialog';
import { sharedTillHooks } from '../../src/features/shared-till/register-hooks';
import type { SharedTillDeps } from '../../src/features/shared-till/shared-till-deps';
import { atCounter, CARA, MAX, putStaff } from '../../src/features/shared-till/staff-test-fixtures';
import { tillSession } from '../../src/features/shared-till/till-session';

withFakeLayout();
afterEach(async () => {
  // A request a failed test left open would hold the next test's dialog open.
  await approvalDesk.answer(null);
  cleanup();
  approvalDesk.attach(null, null);
  tillSession.setShared(false);
});

/** A PIN is checked with PBKDF2 and the answer logged: slower than a click on a busy machine. */
const PIN_WAIT = { timeout: 5000 };

/** The owner whose session syncs this till. */
const OWNER_USER = 'd0000000-0000-4000-8000-000000000001';

/** The register of a shared till with Cara at the counter, under the shop's `rules`. */
async function sharedRegister(rules: Partial<SharedTillRules>) {
  const wired: { deps?: SharedTillDeps } = {};
  const world = await registerWorld({
    sharedTill: (commandDeps, mirror) => {
      const shared: SharedTillDeps = {
        commandDeps,
        mirror,
        companyId: COMPANY,
        userId: OWNER_USER,
        session: tillSession,
        now: () => Date.parse('2026-11-21T09:15:00Z'),
      };
      wired.deps = shared;
      return sharedTillHooks(shared);
    },
  });
  const { deps } = wired;
  if (!deps) throw new Error('The register was not wired for a shared till.');
  const keys = await putStaff(world.mirror, COMPANY);
  tillSession.setShared(true);
  tillSession.unlock(atCounter(CARA, keys));
  approvalDesk.attach(deps, { ...DEFAULT_SHARED_TILL_RULES, ...rules });
  render(
    <>
      <RegisterScreen deps={world.deps} />
      <ApprovalDialog desk={approvalDesk} deps={deps} />
    </>,
  );
  await screen.findByText(/The cart is empty/);
  const managerProof = (subjectId: string, action: ApprovalAction) =>
    signProof(keys.get(MAX.id) ?? '', 'approval', COMPANY, APPROVAL_OP[action], subjectId, action);
  return { ...world, managerProof };
}

async function opsNamed(ledger: LedgerDb, name: string) {
  return (await ledger.outbox.orderBy('seq').toArray()).filter((op) => op.name === name);
}

/**
 * Types on the keys a slow human's pace: keys closer together than the scanner's burst gap are held back as
 * a possible scan (use-barcode-scanner.ts), and a click can come before they are let go.
 */
const typist = () => userEvent.setup({ delay: 50 });

/** The manager taps their PIN on the dialog's keypad, as at a touch till. */
async function approveWithPin(title: string, pin: string) {
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog', { name: title });
  // One manager has a PIN: the dialog starts on them.
  await user.clear(within(dialog).getByLabelText('PIN'));
  const keypad = within(dialog).getByRole('group', { name: 'Keypad' });
  for (const digit of pin) await user.click(within(keypad).getByRole('button', { name: digit }));
  await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
  return dialog;
}

async function cancelApproval(title: string) {
  const dialog = await screen.findByRole('dialog', { name: title });
  await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => {
    expect(screen.queryByRole('dialog', { name: title })).not.toBeInTheDocument();
  });
}

async function addCroissant() {
  await userEvent.setup().click(screen.getByRole('button', { name: /^Croissant/ }));
  await screen.findByLabelText('Quantity of Croissant');
}

/** Pay the exact amount in cash; 'Complete sale' may then ask a manager. */
async function payExactCash() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Pay' }));
  const [exact] = within(screen.getByRole('group', { name: 'Quick cash' })).getAllByRole('button');
  if (exact) await user.click(exact);
  await user.click(screen.getByRole('button', { name: 'Complete sale' }));
}

/** Opens the line's price form (unless it is open) and sets `text`. */
async function changePrice(text: string) {
  const user = userEvent.setup();
  if (screen.queryByLabelText('New price of Croissant') === null) {
    if (screen.queryByRole('button', { name: 'Change price of Croissant' }) === null) {
      await user.click(screen.getByRole('button', { name: 'Edit Croissant' }));
    }
    await user.click(screen.getByRole('button', { name: 'Change price of Croissant' }));
  }
  const field = screen.getByLabelText('New price of Croissant');
  await user.clear(field);
  await typist().type(field, text);
  await user.click(screen.getByRole('button', { name: 'Set price' }));
}

describe('a discount over the shop’s limit', () => {
  test('asks a manager’s PIN at Complete sale: cancel keeps the cart, a wrong PIN approves nothing, the right one signs the sale', async () => {
    const { ledger, cartStore, managerProof } = await sharedRegister({ approveDiscountOverBp: 1000 });
    const user = userEvent.setup();
    await addCroissant();
    await typist().type(screen.getByLabelText('Cart discount'), '50%{Enter}');
    await waitFor(() => {
      expect(screen.getByTestId('cart-total')).toHaveTextContent('€1.25');
    });

    await payExactCash();
    await cancelApproval('Approve a discount');
    expect(
      await screen.findByText('A manager did not approve the discount. The sale is still in the cart.'),
    ).toBeInTheDocument();
    expect(await ledger.sales.count()).toBe(0);
    expect((await cartStore.openCart())?.lines.map((line) => line.name)).toEqual(['Croissant']);

    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    const dialog = await approveWithPin('Approve a discount', '9999');
    expect(await within(dialog).findByText('Wrong PIN. 4 tries left.', {}, PIN_WAIT)).toBeInTheDocument();
    expect(await ledger.sales.count()).toBe(0);

    await approveWithPin('Approve a discount', MAX.pin);
    expect(await screen.findByRole('heading', { name: 'Receipt T1-000001' }, PIN_WAIT)).toBeInTheDocument();
    const [sale] = await opsNamed(ledger, 'sale.record');
    const saleId = String(sale?.args.id);
    expect(sale?.args).toMatchObject({
      cashier_id: CARA.id,
      discount_total: 125,
      approval: { by: MAX.id, action: 'discount', proof: await managerProof(saleId, 'discount') },
    });
  });
});

describe('removing a line', () => {
  test('with approve_line_removal on, asks a manager’s PIN and logs the voided line with the approval', async () => {
    const { ledger, managerProof } = await sharedRegister({ approveLineRemoval: true });
    const user = userEvent.setup();
    await addCroissant();
    await user.click(screen.getByRole('button', { name: 'Edit Croissant' }));
    await user.click(screen.getByRole('button', { name: 'Remove Croissant' }));
    await cancelApproval('Approve removing a line');
    expect(screen.getByLabelText('Quantity of Croissant')).toBeInTheDocument();
    expect(await opsNamed(ledger, 'activity.record')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove Croissant' }));
    await approveWithPin('Approve removing a line', MAX.pin);
    expect(await screen.findByText(/The cart is empty/, {}, PIN_WAIT)).toBeInTheDocument();
    await waitFor(async () => {
      expect(await opsNamed(ledger, 'activity.record')).toHaveLength(2);
    });
    const events = await opsNamed(ledger, 'activity.record');
    const voided = events.find((op) => op.args.kind === 'line_voided');
    const eventId = String(voided?.args.id);
    expect(voided?.args).toMatchObject({
      cashier_id: CARA.id,
      detail: { name: 'Croissant', quantity: 1, total: 250 },
      approval: { by: MAX.id, action: 'line_removal', proof: await managerProof(eventId, 'line_removal') },
    });
    const approval = events.find((op) => op.args.kind === 'approval');
    expect(approval?.args).toMatchObject({
      detail: { action: 'line_removal', subject_id: eventId, by: MAX.id },
      approval: {
        by: MAX.id,
        action: 'line_removal',
        proof: await managerProof(String(approval?.args.id), 'line_removal'),
      },
    });
  });
});

describe('changing a price', () => {
  test('[CART-5] a bad price says how to type one; with approve_price_override a manager approves, and the sale carries it', async () => {
    const { ledger, managerProof } = await sharedRegister({ approvePriceOverride: true });
    await addCroissant();
    await changePrice('two euros');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a price like 2.50.');

    await changePrice('2.00');
    await cancelApproval('Approve a price change');
    expect(
      await screen.findByText('A manager did not approve the new price. The price is as it was.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Line total for Croissant')).toHaveTextContent('€2.50');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Set price' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve a price change' });
    expect(
      within(dialog).getByText('Change the price of Croissant from €2.50 to €2.00.'),
    ).toBeInTheDocument();
    await approveWithPin('Approve a price change', MAX.pin);
    await waitFor(() => {
      expect(screen.getByLabelText('Line total for Croissant')).toHaveTextContent('€2.00');
    }, PIN_WAIT);
    expect(screen.getByText('€2.50', { selector: '.cart__line-price s' })).toBeInTheDocument();

    await payExactCash();
    expect(await screen.findByRole('heading', { name: 'Receipt T1-000001' }, PIN_WAIT)).toBeInTheDocument();
    // The receipt shows the price rung up, struck through, before the new one.
    expect(screen.getByText('€2.50', { selector: '.slip s' })).toBeInTheDocument();
    const [sale] = await opsNamed(ledger, 'sale.record');
    const saleId = String(sale?.args.id);
    expect(sale?.args).toMatchObject({
      cashier_id: CARA.id,
      subtotal: 200,
      total: 200,
      lines: [expect.objectContaining({ unit_price: 200, total: 200 })],
      approval: { by: MAX.id, action: 'price_override', proof: await managerProof(saleId, 'price_override') },
    });
    const logged = (await opsNamed(ledger, 'activity.record')).map((op) => op.args.detail);
    expect(logged).toEqual([expect.objectContaining({ action: 'price_override', subject_id: saleId })]);
  });

  test('[CART-5] without approve_price_override nothing is asked and the sale carries no approval', async () => {
    const { ledger } = await sharedRegister({ approvePriceOverride: false });
    await addCroissant();
    await changePrice('3,10');
    await waitFor(() => {
      expect(screen.getByLabelText('Line total for Croissant')).toHaveTextContent('€3.10');
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await payExactCash();
    expect(await screen.findByRole('heading', { name: 'Receipt T1-000001' }, PIN_WAIT)).toBeInTheDocument();
    const [sale] = await opsNamed(ledger, 'sale.record');
    expect(sale?.args).toMatchObject({ cashier_id: CARA.id, total: 310 });
    expect(sale?.args).not.toHaveProperty('approval');
  });

  test('[CART-5] outside shared mode the signed-in user changes a price; zero is refused', async () => {
    const { deps, ledger } = await registerWorld();
    render(<RegisterScreen deps={deps} />);
    await screen.findByText(/The cart is empty/);
    await addCroissant();
    await changePrice('0');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'A price is more than zero. To give it away, use a 100% discount.',
    );
    await changePrice('1.99');
    await waitFor(() => {
      expect(screen.getByLabelText('Line total for Croissant')).toHaveTextContent('€1.99');
    });
    await payExactCash();
    expect(await screen.findByRole('heading', { name: 'Receipt T1-000001' }, PIN_WAIT)).toBeInTheDocument();
    const [sale] = await opsNamed(ledger, 'sale.record');
    expect(sale?.args).toMatchObject({
      cashier_id: null,
      lines: [expect.objectContaining({ unit_price: 199 })],
    });
    expect(sale?.args).not.toHaveProperty('approval');
  });
});
