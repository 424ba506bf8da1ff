// Settings → Staff on screen: an owner adds a PIN-only person (the PIN itself is never sent, only its salted
// key and verifier), mistyped PINs are named and nothing is sent, a manager resets a cashier's PIN, a
// refusal or being offline keeps what was typed, and a cashier sees only 'Your PIN'.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Membership } from '../../data/remote/memberships';
import { SettingsError } from '../../data/remote/shop-settings';
import type { StaffMember, StaffWrites } from '../../data/remote/staff';
import type { Supabase } from '../../data/remote/supabase-client';
import { makePinSecret, unlockWithPin, type PinSecret } from '../../domain/staff-pin';
import { membershipAs, renderWithAnswers } from '../../../tests/support/settings-page';
import { StaffPage } from './staff-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const SALT = 'a5000000000000000000000000000001';
// A cheaper derivation than a real PIN's so the screen tests stay quick; the server refuses it ([STAFF-15]).
const testSecret = (pin: string) => makePinSecret(pin, SALT, { name: 'argon2id', m: 1024, t: 1, p: 1 });

const STAFF: StaffMember[] = [
  { id: 'u1', userId: 'u1', name: 'Olive Owner', role: 'owner', active: true, hasPin: true },
  { id: 'u2', userId: 'u2', name: 'Mona Manager', role: 'manager', active: true, hasPin: false },
  { id: 'u3', userId: 'u3', name: 'Casey Cashier', role: 'cashier', active: true, hasPin: true },
  { id: 's4', userId: null, name: 'Cara', role: 'cashier', active: true, hasPin: true },
];

function fakeWrites() {
  return {
    saveStaff: vi.fn<StaffWrites['saveStaff']>(() => Promise.resolve()),
    setPin: vi.fn<StaffWrites['setPin']>(() => Promise.resolve()),
  };
}

function renderPage(role: Membership['role'], userId: string, writes = fakeWrites(), digits: 4 | 6 = 4) {
  renderWithAnswers(
    [[['staff', 'c1'], STAFF]],
    <StaffPage
      membership={membershipAs(role)}
      supabase={null as unknown as Supabase}
      currentUserId={userId}
      writes={writes}
      newSecret={testSecret}
      approvalPinDigits={digits}
    />,
  );
  return writes;
}

async function opens(pin: string, secret: PinSecret | undefined) {
  expect(secret).toBeDefined();
  return (
    (await unlockWithPin(
      pin,
      secret ?? { salt: '', kdf: { name: 'pbkdf2-sha256', iterations: 1 }, verifier: '' },
    )) !== null
  );
}

describe('Settings → Staff', { timeout: 30_000 }, () => {
  test('an owner adds a PIN-only cashier: the PIN is sent only as a salted key and verifier', async () => {
    const writes = renderPage('owner', 'u1');
    await userEvent.click(screen.getByRole('button', { name: 'Add staff' }));
    const form = screen.getByRole('form', { name: 'Add staff' });
    await userEvent.type(within(form).getByLabelText('Name'), ' Dana ');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'Manager');
    await userEvent.type(within(form).getByLabelText('PIN'), '4321');
    await userEvent.type(within(form).getByLabelText('PIN again'), '4321');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Dana is added.')).toBeInTheDocument();

    const saved = writes.saveStaff.mock.calls[0]?.[0];
    expect(saved).toEqual({ id: expect.any(String) as string, name: 'Dana', role: 'manager', active: true });
    const [staffId, secret] = writes.setPin.mock.calls[0] ?? [];
    expect(staffId).toBe(saved?.id);
    expect(JSON.stringify(secret)).not.toContain('4321');
    expect(secret?.salt).toBe(SALT);
    expect(await opens('4321', secret)).toBe(true);
    expect(await opens('1234', secret)).toBe(false);
  });

  test('a PIN typed differently twice, a short PIN or no name is named and nothing is sent', async () => {
    const writes = renderPage('owner', 'u1');
    await userEvent.click(screen.getByRole('button', { name: 'Add staff' }));
    const form = screen.getByRole('form', { name: 'Add staff' });
    await userEvent.type(within(form).getByLabelText('PIN'), '4321');
    await userEvent.type(within(form).getByLabelText('PIN again'), '4322');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(form).getByText('Enter the person’s name.')).toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText('Name'), 'Dana');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(form).getByText(/The two PINs differ/)).toBeInTheDocument();

    await userEvent.clear(within(form).getByLabelText('PIN'));
    await userEvent.type(within(form).getByLabelText('PIN'), '12');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(form).getByText('A PIN is 4 to 6 digits.')).toBeInTheDocument();
    expect(writes.saveStaff).not.toHaveBeenCalled();
    expect(writes.setPin).not.toHaveBeenCalled();
    expect(within(form).getByLabelText('Name')).toHaveValue('Dana');
  });

  test('[PIN-7] a shop that asks for 6-digit approval PINs refuses a 4-digit manager’s PIN before sending anything', async () => {
    const writes = renderPage('owner', 'u1', fakeWrites(), 6);
    await userEvent.click(screen.getByRole('button', { name: 'Add staff' }));
    const form = screen.getByRole('form', { name: 'Add staff' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Dana');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'Manager');
    await userEvent.type(within(form).getByLabelText('PIN'), '4321');
    await userEvent.type(within(form).getByLabelText('PIN again'), '4321');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(
      await within(form).findByText('This shop asks managers and owners for a 6-digit PIN.'),
    ).toBeInTheDocument();
    expect(writes.setPin).not.toHaveBeenCalled();
    await userEvent.clear(within(form).getByLabelText('PIN'));
    await userEvent.clear(within(form).getByLabelText('PIN again'));
    await userEvent.type(within(form).getByLabelText('PIN'), '432109');
    await userEvent.type(within(form).getByLabelText('PIN again'), '432109');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Dana is added.')).toBeInTheDocument();
    expect(writes.setPin.mock.calls[0]?.[1]).toMatchObject({ digits: 6 });
  });

  test('a refused PIN keeps the form; the retry reuses the new person’s id', async () => {
    const writes = fakeWrites();
    writes.setPin.mockRejectedValueOnce(new SettingsError('That value is not allowed here.'));
    renderPage('owner', 'u1', writes);
    await userEvent.click(screen.getByRole('button', { name: 'Add staff' }));
    const form = screen.getByRole('form', { name: 'Add staff' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Dana');
    await userEvent.type(within(form).getByLabelText('PIN'), '5555');
    await userEvent.type(within(form).getByLabelText('PIN again'), '5555');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('That value is not allowed here.')).toBeInTheDocument();
    expect(within(form).getByLabelText('PIN')).toHaveValue('5555');

    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Dana is added.')).toBeInTheDocument();
    const ids = writes.saveStaff.mock.calls.map(([draft]) => draft.id);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
  });

  test('offline, nothing is sent and what was typed stays', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const writes = renderPage('owner', 'u1');
    const form = screen.getByRole('form', { name: 'Your PIN' });
    await userEvent.type(within(form).getByLabelText('Your new PIN'), '9876');
    await userEvent.type(within(form).getByLabelText('Your new PIN again'), '9876');
    await userEvent.click(within(form).getByRole('button', { name: 'Save your PIN' }));
    expect(within(form).getByText(/You are offline/)).toBeInTheDocument();
    expect(writes.setPin).not.toHaveBeenCalled();
    expect(within(form).getByLabelText('Your new PIN')).toHaveValue('9876');
  });

  test('a manager resets a cashier’s PIN and deactivates them, but cannot change an owner or a manager', async () => {
    const writes = renderPage('manager', 'u2');
    const list = screen.getByRole('list', { name: 'Staff' });
    expect(within(list).queryByRole('button', { name: 'Reset PIN of Olive Owner' })).not.toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Deactivate Mona Manager' })).not.toBeInTheDocument();
    expect(within(list).getByText(/Mona Manager \(you\)/)).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Edit Casey Cashier' })).not.toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: 'Reset PIN of Cara' }));
    const form = screen.getByRole('form', { name: 'Reset PIN of Cara' });
    await userEvent.type(within(form).getByLabelText('New PIN for Cara'), '246810');
    await userEvent.type(within(form).getByLabelText('New PIN for Cara again'), '246810');
    await userEvent.click(within(form).getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText('Cara’s PIN is saved.')).toBeInTheDocument();
    const [staffId, secret] = writes.setPin.mock.calls[0] ?? [];
    expect(staffId).toBe('s4');
    expect(await opens('246810', secret)).toBe(true);

    await userEvent.click(within(list).getByRole('button', { name: 'Deactivate Casey Cashier' }));
    expect(await screen.findByText('Casey Cashier is deactivated.')).toBeInTheDocument();
    expect(writes.saveStaff).toHaveBeenCalledWith({
      id: 'u3',
      name: 'Casey Cashier',
      role: 'cashier',
      active: false,
    });
  });

  test('an owner edits a PIN-only person’s name and role', async () => {
    const writes = renderPage('owner', 'u1');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Cara' }));
    const form = screen.getByRole('form', { name: 'Edit Cara' });
    await userEvent.clear(within(form).getByLabelText('Name'));
    await userEvent.type(within(form).getByLabelText('Name'), 'Cara Jones');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'Manager');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cara Jones is saved.')).toBeInTheDocument();
    expect(writes.saveStaff).toHaveBeenCalledWith({
      id: 's4',
      name: 'Cara Jones',
      role: 'manager',
      active: true,
    });
  });

  test('a cashier sees only ‘Your PIN’ and sets their own', async () => {
    const writes = renderPage('cashier', 'u3');
    expect(screen.queryByRole('button', { name: 'Add staff' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Staff' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reset PIN/ })).not.toBeInTheDocument();
    expect(screen.getByText('You have a PIN. Type a new one to change it.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Your PIN' });
    await userEvent.type(within(form).getByLabelText('Your new PIN'), '3030');
    await userEvent.type(within(form).getByLabelText('Your new PIN again'), '3030');
    await userEvent.click(within(form).getByRole('button', { name: 'Save your PIN' }));
    expect(await screen.findByText('Your PIN is saved.')).toBeInTheDocument();
    expect(writes.setPin).toHaveBeenCalledWith('u3', expect.objectContaining({ salt: SALT }));
    expect(within(form).getByLabelText('Your new PIN')).toHaveValue('');
  });
});
