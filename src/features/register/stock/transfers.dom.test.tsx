// The till's transfer screens, offline (no server in these tests): a drafted transfer sent from this store
// ([PUR-T10]) and one on its way here received inside 'Receive stock' ([PUR-T11]).
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { RegisterScreen } from '../register-screen';
import {
  BAGUETTE,
  COMPANY,
  CROISSANT,
  STORE,
  person,
  registerWorld,
  withFakeLayout,
} from '../register-test-deps';
import type { RegisterRole } from '../register-deps';
import { onHand } from '../../../data/local/stock-on-hand';

afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });
withFakeLayout();

const OTHER_STORE = 'e2000000-0000-4000-8000-0000000000aa';
const OUTGOING = 'ec000000-0000-4000-8000-000000000001';
const INCOMING = 'ec000000-0000-4000-8000-000000000002';
const OUT_CROISSANT = 'ec100000-0000-4000-8000-000000000001';
const OUT_BAGUETTE = 'ec100000-0000-4000-8000-000000000002';
const IN_CROISSANT = 'ec100000-0000-4000-8000-000000000003';

const figures = {
  sent: '0.000',
  received: '0.000',
  damaged: '0.000',
  held: '0.000',
  lost: '0.000',
  returned: '0.000',
};

async function openRegister(role: RegisterRole, settings: Record<string, unknown> = {}) {
  const world = await registerWorld({ role, scanner: { minLength: 6, maxGapMs: 20 } });
  const { mirror } = world;
  await mirror.purchasingSettings.put({ id: COMPANY, company_id: COMPANY, ...settings });
  await mirror.products.bulkPut([CROISSANT, BAGUETTE]);
  await mirror.stores.bulkPut([
    { id: STORE, company_id: COMPANY, name: 'Main street' },
    { id: OTHER_STORE, company_id: COMPANY, name: 'Harbour kiosk' },
  ]);
  await mirror.transfers.bulkPut([
    {
      id: OUTGOING,
      company_id: COMPANY,
      from_store_id: STORE,
      to_store_id: OTHER_STORE,
      number: 'TR-0001',
      status: 'draft',
    },
    {
      id: INCOMING,
      company_id: COMPANY,
      from_store_id: OTHER_STORE,
      to_store_id: STORE,
      number: 'TR-0002',
      status: 'in_transit',
    },
  ]);
  await mirror.transferLines.bulkPut([
    {
      ...figures,
      id: OUT_CROISSANT,
      company_id: COMPANY,
      transfer_id: OUTGOING,
      product_id: CROISSANT.id,
      position: 1,
      quantity: '4.000',
    },
    {
      ...figures,
      id: OUT_BAGUETTE,
      company_id: COMPANY,
      transfer_id: OUTGOING,
      product_id: BAGUETTE.id,
      position: 2,
      quantity: '2.000',
    },
    {
      ...figures,
      id: IN_CROISSANT,
      company_id: COMPANY,
      transfer_id: INCOMING,
      product_id: CROISSANT.id,
      position: 1,
      quantity: '6.000',
      sent: '6.000',
      received: '1.000',
    },
  ]);
  render(<RegisterScreen deps={world.deps} />);
  await screen.findByText(/The cart is empty/);
  return world;
}

describe('[PUR-T10] sending a drafted transfer offline', () => {
  test('a cashier is not offered it unless cashiers may receive; a manager is', async () => {
    await openRegister('cashier');
    expect(screen.queryByRole('button', { name: 'Send transfer' })).not.toBeInTheDocument();
    cleanup();
    await openRegister('cashier', { cashiers_receive: true });
    expect(await screen.findByRole('button', { name: 'Send transfer' })).toBeInTheDocument();
  });

  test('the drafted quantities, lowered and one at 0, are sent; on-hand falls at once; the draft leaves the list', async () => {
    const world = await openRegister('manager');
    const before = await onHand(world.ledger, world.mirror, STORE, CROISSANT.id);
    const user = person();
    await user.click(await screen.findByRole('button', { name: 'Send transfer' }));
    const list = await screen.findByRole('dialog', { name: 'Send transfer' });
    expect(within(list).queryByRole('button', { name: /TR-0002/ })).not.toBeInTheDocument();
    await user.click(await within(list).findByRole('button', { name: /TR-0001.*Harbour kiosk.*Draft/ }));
    const form = await screen.findByRole('dialog', { name: 'Send transfer · TR-0001' });
    const croissant = await within(form).findByRole('group', { name: 'Croissant' });
    const baguette = within(form).getByRole('group', { name: 'Baguette' });
    expect(within(croissant).getByLabelText('Quantity sent')).toHaveValue('4');
    await user.clear(within(croissant).getByLabelText('Quantity sent'));
    await user.type(within(croissant).getByLabelText('Quantity sent'), 'three');
    expect(await within(croissant).findByText('Enter a number, like 12 or 2.5')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Some lines need a change before posting.')).toBeInTheDocument();
    await user.clear(within(croissant).getByLabelText('Quantity sent'));
    await user.type(within(croissant).getByLabelText('Quantity sent'), '3');
    await user.clear(within(baguette).getByLabelText('Quantity sent'));
    await user.type(within(baguette).getByLabelText('Quantity sent'), '0');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Transfer sent: TR-0001')).toBeInTheDocument();
    expect(await world.ledger.outbox.toArray()).toMatchObject([
      {
        name: 'transfer.send',
        args: { transfer_id: OUTGOING, lines: [{ transfer_line_id: OUT_CROISSANT, sent: '3.000' }] },
      },
    ]);
    expect(await onHand(world.ledger, world.mirror, STORE, CROISSANT.id)).toBe(before - 3_000);
    expect(screen.getByText('No transfer from this store is waiting to be sent.')).toBeInTheDocument();
  });
});

describe("[PUR-T11] receiving a transfer in 'Receive stock'", () => {
  async function openTransfer() {
    const user = person();
    await user.click(await screen.findByRole('button', { name: 'Receive stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive stock' });
    expect(await within(dialog).findByRole('heading', { name: 'Transfers to receive' })).toBeInTheDocument();
    await user.click(
      await within(dialog).findByRole('button', { name: /TR-0002.*Harbour kiosk.*In transit/ }),
    );
    const form = await screen.findByRole('dialog', { name: 'Receive stock · TR-0002' });
    const line = await within(form).findByRole('group', { name: 'Croissant' });
    return { user, form, line };
  }

  test('arrived and damaged post one receipt with seen_received; on-hand rises by what arrived', async () => {
    const world = await openRegister('manager');
    const before = await onHand(world.ledger, world.mirror, STORE, CROISSANT.id);
    const { user, form, line } = await openTransfer();
    expect(within(line).getByText('Sent').nextSibling).toHaveTextContent('6');
    expect(within(line).getByText('Already received').nextSibling).toHaveTextContent('1');
    await user.type(within(line).getByLabelText('Arrived now'), '4');
    await user.type(within(line).getByLabelText('Damaged'), '1');
    await user.click(within(form).getByRole('button', { name: 'Receive transfer' }));
    expect(await screen.findByText('Transfer received: TR-0002')).toBeInTheDocument();
    expect(await world.ledger.outbox.toArray()).toMatchObject([
      {
        name: 'transfer.receive',
        args: {
          transfer_id: INCOMING,
          lines: [
            { transfer_line_id: IN_CROISSANT, received: '4.000', damaged: '1.000', seen_received: '1.000' },
          ],
        },
      },
    ]);
    expect(await onHand(world.ledger, world.mirror, STORE, CROISSANT.id)).toBe(before + 4_000);
  });

  test('more than in transit asks "Only n were sent"; Change posts nothing, yes posts it all', async () => {
    const world = await openRegister('manager');
    const { user, form, line } = await openTransfer();
    await user.type(within(line).getByLabelText('Arrived now'), '7');
    await user.click(within(form).getByRole('button', { name: 'Receive transfer' }));
    const question = await within(form).findByRole('group', { name: 'Question' });
    expect(question).toHaveTextContent('Croissant: only 5 were sent. Receive 7?');
    await user.click(within(question).getByRole('button', { name: 'Change' }));
    expect(await world.ledger.outbox.count()).toBe(0);
    await user.type(within(line).getByLabelText('Damaged'), '-1');
    expect(await within(line).findByText('A quantity cannot be below zero')).toBeInTheDocument();
    await user.clear(within(line).getByLabelText('Damaged'));
    await user.click(within(form).getByRole('button', { name: 'Receive transfer' }));
    await user.click(await within(form).findByRole('button', { name: 'Receive 7' }));
    expect(await screen.findByText('Transfer received: TR-0002')).toBeInTheDocument();
    expect(await world.ledger.outbox.count()).toBe(1);
  });
});
