// The activity log on screen: rows in words with the till and the person named and unverified rows flagged;
// each filter (till, person, kind, dates, only unverified) reaches the address and the server's read, and
// paging moves through the server's pages.
import '@testing-library/jest-dom/vitest';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ActivityEvent, ReadActivity } from '../../data/remote/activity';
import { ActivityPage } from './activity-page';
import type { ActivitySearch } from './activity-search';

afterEach(cleanup);

const EVENTS: ActivityEvent[] = [
  {
    id: 'e2',
    terminalId: 't1',
    staffId: 's4',
    kind: 'approval',
    detail: { action: 'refund' },
    occurredAt: '2026-11-25T10:05:00Z',
    verified: false,
  },
  {
    id: 'e1',
    terminalId: 't1',
    staffId: 'u3',
    kind: 'lock',
    detail: { reason: 'idle' },
    occurredAt: '2026-11-25T10:00:00Z',
    verified: true,
  },
  {
    id: 'e0',
    terminalId: 't1',
    staffId: null,
    kind: 'pin_failed',
    detail: { staff_id: 's4', name: 'Cara', misses: 2 },
    occurredAt: '2026-11-25T09:55:00Z',
    verified: false,
  },
];

function renderLog(initial: ActivitySearch = {}, total = EVENTS.length) {
  const read = vi.fn<ReadActivity>(() => Promise.resolve({ rows: EVENTS, total }));
  const searches: ActivitySearch[] = [];
  function Harness() {
    const [search, setSearch] = useState(initial);
    return (
      <ActivityPage
        companyId="c1"
        read={read}
        tills={[
          { value: 't1', label: 'Front till (T1)' },
          { value: 't2', label: 'Back till (T2)' },
        ]}
        currency="EUR"
        people={[
          { value: 'u3', label: 'Casey Cashier' },
          { value: 's4', label: 'Cara' },
        ]}
        search={search}
        onSearch={(next) => {
          searches.push(next);
          setSearch(next);
        }}
      />
    );
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  );
  return { read, searches };
}

const lastFilter = (read: ReturnType<typeof renderLog>['read']) => read.mock.calls.at(-1)?.[0];

describe('Activity log', { timeout: 30_000 }, () => {
  test('rows name the till and the person, say what happened, and flag what the server could not verify', async () => {
    renderLog();
    const table = await screen.findByRole('table', { name: 'Activity' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [approval, lock] = rows.map((row) => within(row));
    expect(approval?.getByText('Cara')).toBeInTheDocument();
    expect(approval?.getByText('Front till (T1)')).toBeInTheDocument();
    expect(approval?.getByText('Manager approval')).toBeInTheDocument();
    expect(approval?.getByText('Cara approved a refund')).toBeInTheDocument();
    expect(approval?.getByText('Unverified')).toBeInTheDocument();
    expect(lock?.getByText('Casey Cashier')).toBeInTheDocument();
    expect(lock?.getByText('Casey Cashier locked the till after idle minutes')).toBeInTheDocument();
    expect(lock?.queryByText('Unverified')).not.toBeInTheDocument();
  });

  test('[WORDS-5] wrong PINs are listed under the person they were tried for, in a sentence', async () => {
    renderLog();
    const table = await screen.findByRole('table', { name: 'Activity' });
    const pin = within(within(table).getAllByRole('row')[3] ?? table);
    expect(pin.getByRole('cell', { name: 'Cara' })).toBeInTheDocument();
    expect(pin.getByText('2 wrong PINs tried for Cara before the right one')).toBeInTheDocument();
    expect(within(table).queryByText('Nobody named')).not.toBeInTheDocument();
  });

  test('each filter goes to the address and to the server’s read', async () => {
    const { read, searches } = renderLog();
    await screen.findByRole('table', { name: 'Activity' });
    await userEvent.selectOptions(screen.getByLabelText('Till'), 'Back till (T2)');
    await userEvent.selectOptions(screen.getByLabelText('Person'), 'Cara');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Manager approval');
    await userEvent.click(screen.getByLabelText('Only unverified'));
    expect(searches.at(-1)).toEqual({ till: 't2', person: 's4', kind: 'approval', unverified: true });
    expect(lastFilter(read)).toEqual({ terminalId: 't2', staffId: 's4', kind: 'approval', unverified: true });

    await userEvent.selectOptions(screen.getByLabelText('Person'), 'Anyone');
    expect(searches.at(-1)).toEqual({ till: 't2', kind: 'approval', unverified: true });
    expect(lastFilter(read)).toEqual({ terminalId: 't2', kind: 'approval', unverified: true });
  });

  test('a date range from the address bounds the read; paging keeps the filters', async () => {
    const { read, searches } = renderLog({ from: '2026-11-20', to: '2026-11-25', unverified: true }, 120);
    await screen.findByRole('table', { name: 'Activity' });
    const filter = lastFilter(read);
    expect(filter?.unverified).toBe(true);
    expect(Date.parse(filter?.from ?? '')).toBe(new Date('2026-11-20T00:00:00').getTime());
    expect(Date.parse(filter?.to ?? '')).toBe(new Date('2026-11-26T00:00:00').getTime());
    expect(screen.getByLabelText('Only unverified')).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(searches.at(-1)).toEqual({ from: '2026-11-20', to: '2026-11-25', unverified: true, page: 2 });
    expect(read.mock.calls.at(-1)?.[1]).toEqual({ offset: 50, size: 50 });
    expect(await screen.findByText('51–100 of 120 on the server')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'No sale');
    expect(searches.at(-1)).toEqual({
      from: '2026-11-20',
      to: '2026-11-25',
      unverified: true,
      kind: 'no_sale',
    });
  });
});
