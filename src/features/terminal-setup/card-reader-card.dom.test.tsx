// Settings → This till → Card reader (issue 20, [CARD-20], [CARD-21]): this till's reader and the shop's
// others, registering and assigning for managers with the function's refusals in plain words, read-only for
// cashiers, and nothing but "offline" when the device is.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CardPaymentError, type CardPaymentsClient, type CardReader } from '../../data/remote/card-payments';
import { cardReadersKey, type TillReaders } from '../../data/remote/card-readers-query';
import { CardReaderCard } from './card-reader-card';

afterEach(cleanup);

type RegisterArgs = Parameters<CardPaymentsClient['registerReader']>[0];

const TILL = 'e5000000-0000-4000-8000-000000000001';
const OTHER_TILL = 'e5000000-0000-4000-8000-000000000002';

function reader(id: string, label: string, terminalId: string | null, deviceType = 'bbpos_wisepos_e') {
  return {
    id,
    stripe_reader_id: `tmr_${id}`,
    label,
    device_type: deviceType,
    serial_number: `WSC-${id}`,
    terminal_id: terminalId,
  } satisfies CardReader;
}

/** The function as far as readers go: a shop's readers, the codes Stripe knows, and who is asking. */
function fakeFunction(options: { role?: 'manager' | 'cashier' } = {}) {
  const readers: CardReader[] = [
    reader('r1', 'Counter reader', TILL),
    reader('r2', 'Stall reader', OTHER_TILL, 'stripe_s700'),
  ];
  const refuse = (code: string) => Promise.reject(new CardPaymentError(code, `refused: ${code}`, 409));
  const managerOnly = () => options.role === 'cashier';
  const calls = {
    listReaders: vi.fn(() => Promise.resolve(readers.map((row) => ({ ...row })))),
    assignReader: vi.fn((readerId: string, terminalId: string | null) => {
      if (managerOnly()) return refuse('insufficient_role');
      for (const row of readers) {
        if (terminalId !== null && row.terminal_id === terminalId) row.terminal_id = null;
        if (row.id === readerId) row.terminal_id = terminalId;
      }
      const found = readers.find((row) => row.id === readerId);
      return found ? Promise.resolve(found) : refuse('unknown_reader');
    }),
    registerReader: vi.fn(({ terminalId, registrationCode, label }: RegisterArgs) => {
      if (managerOnly()) return refuse('insufficient_role');
      if (registrationCode !== 'simulated-s710') return refuse('resource_missing');
      for (const row of readers) if (row.terminal_id === terminalId) row.terminal_id = null;
      const added = { ...reader('r3', label, terminalId, 'simulated_stripe_s710') };
      readers.push(added);
      return Promise.resolve(added);
    }),
  };
  const client = calls satisfies Pick<
    CardPaymentsClient,
    keyof typeof calls
  > as unknown as CardPaymentsClient;
  return { client, calls, readers };
}

function show(client: CardPaymentsClient, manages = true) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <CardReaderCard
        client={client}
        terminalId={TILL}
        manages={manages}
        tillName={(id) => (id === OTHER_TILL ? 'Market stall' : id)}
      />
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('Settings → This till → Card reader', () => {
  test('[CARD-20] shows this till’s reader and the shop’s others; a manager puts another on this till', async () => {
    const { client, calls } = fakeFunction();
    const queryClient = show(client);
    const mine = await screen.findByRole('generic', { name: 'Card reader Counter reader' });
    expect(within(mine).getByText('WisePOS E')).toBeInTheDocument();
    expect(within(mine).getByText('WSC-r1')).toBeInTheDocument();
    const stall = screen.getByRole('generic', { name: 'Card reader Stall reader' });
    expect(within(stall).getByText('On Market stall')).toBeInTheDocument();
    expect(within(stall).getByText('Stripe Reader S700')).toBeInTheDocument();

    await userEvent.setup().click(within(stall).getByRole('button', { name: 'Use on this till' }));
    expect(calls.assignReader).toHaveBeenCalledWith('r2', TILL);
    // The query the register reads for this till's reader now names the stall reader.
    await vi.waitFor(() => {
      expect(queryClient.getQueryData<TillReaders>(cardReadersKey(TILL))?.mine?.label).toBe('Stall reader');
    });
    const counter = await screen.findByRole('generic', { name: 'Card reader Counter reader' });
    expect(within(counter).getByText('On no till')).toBeInTheDocument();
  });

  test('[CARD-20] a manager takes the reader off this till', async () => {
    const { client, calls } = fakeFunction();
    show(client);
    const mine = await screen.findByRole('generic', { name: 'Card reader Counter reader' });
    await userEvent.setup().click(within(mine).getByRole('button', { name: 'Take off this till' }));
    expect(calls.assignReader).toHaveBeenCalledWith('r1', null);
    expect(await screen.findByText(/No card reader on this till/)).toBeInTheDocument();
  });

  test('[CARD-20] registering: a wrong code is said plainly and kept; the right one lands on this till', async () => {
    const { client, calls } = fakeFunction();
    show(client);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Register a card reader' });
    await user.type(within(form).getByLabelText('Registration code'), 'simulated-s999');
    await user.type(within(form).getByLabelText('Reader label'), 'Back counter');
    await user.click(within(form).getByRole('button', { name: 'Register reader' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Stripe knows no reader with that registration code.',
    );
    expect(within(form).getByLabelText('Reader label')).toHaveValue('Back counter');

    await user.clear(within(form).getByLabelText('Registration code'));
    await user.type(within(form).getByLabelText('Registration code'), 'simulated-s710');
    await user.click(within(form).getByRole('button', { name: 'Register reader' }));
    expect(calls.registerReader).toHaveBeenLastCalledWith({
      terminalId: TILL,
      registrationCode: 'simulated-s710',
      label: 'Back counter',
    });
    const mine = await screen.findByRole('generic', { name: 'Card reader Back counter' });
    expect(within(mine).getByText('Stripe Reader S710 (simulated)')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Registration code')).toHaveValue('');
  });

  test('[CARD-21] a session the server does not take as a manager’s is told who may do it', async () => {
    // The device thinks it manages (a stale role); the function decides ([CARD-4]).
    const { client, readers } = fakeFunction({ role: 'cashier' });
    show(client);
    const mine = await screen.findByRole('generic', { name: 'Card reader Counter reader' });
    await userEvent.setup().click(within(mine).getByRole('button', { name: 'Take off this till' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only a manager or the owner can register card readers or assign them to a till.',
    );
    expect(readers[0]?.terminal_id).toBe(TILL);
  });

  test('[CARD-21] a cashier sees the readers but no controls', async () => {
    const { client } = fakeFunction({ role: 'cashier' });
    show(client, false);
    expect(await screen.findByRole('generic', { name: 'Card reader Counter reader' })).toBeInTheDocument();
    expect(screen.getByRole('generic', { name: 'Card reader Stall reader' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Register a card reader' })).not.toBeInTheDocument();
    expect(
      screen.getByText('A manager or the owner registers and assigns card readers.'),
    ).toBeInTheDocument();
  });

  test('[CARD-21] offline: says so and asks the server nothing', async () => {
    const { client, calls } = fakeFunction();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      show(client);
      expect(
        await screen.findByText(/This device is offline. The card readers are shown and changed online/),
      ).toBeInTheDocument();
      expect(calls.listReaders).not.toHaveBeenCalled();
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
    } finally {
      onLine.mockRestore();
    }
  });

  test('[CARD-21] a refusal of the list itself is shown, not an empty list', async () => {
    const { client, calls } = fakeFunction();
    calls.listReaders.mockRejectedValueOnce(new CardPaymentError('unreachable', 'offline', null));
    show(client);
    expect(await screen.findByRole('alert')).toHaveTextContent('This device is offline.');
    expect(screen.queryByText(/No card reader on this till/)).not.toBeInTheDocument();
  });
});
