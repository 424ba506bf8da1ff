// A long insight ranking (issue 34: Insights was 14,000 px long): its first rows, 'Show all N' for the rest,
// and a CSV with every row whatever is shown.
import '@testing-library/jest-dom/vitest';
import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { downloadFile } from '../../../lib/download';
import { InsightTable } from './insight-table';

vi.mock('../../../lib/download', () => ({ downloadFile: vi.fn() }));
afterEach(() => {
  cleanup();
});

const HOURS = Array.from({ length: 30 }, (_, index) => ({ hour: index, sales: 30 - index }));

test('a long ranking shows its first rows and Show all; the CSV has every row', async () => {
  render(
    <InsightTable
      title="Hours and weekdays"
      rows={HOURS}
      rowKey={(row) => String(row.hour)}
      currency="EUR"
      fileName="hours"
      empty="No sales."
      firstRows={12}
      columns={[
        { key: 'hour', header: 'Hour', value: (row) => `${String(row.hour)}:00` },
        { key: 'sales', header: 'Sales', value: (row) => row.sales, kind: 'number' },
      ]}
    />,
  );
  const table = screen.getByRole('table', { name: 'Hours and weekdays' });
  expect(within(table).getAllByRole('row')).toHaveLength(13);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Export hours and weekdays as CSV' }));
  const csv = String(vi.mocked(downloadFile).mock.calls[0]?.[1]);
  expect(csv.trim().split(/\r?\n/)).toHaveLength(31);
  await user.click(screen.getByRole('button', { name: 'Show all 30' }));
  expect(within(table).getAllByRole('row')).toHaveLength(31);
  expect(screen.queryByRole('button', { name: /^Show all/ })).not.toBeInTheDocument();
});
