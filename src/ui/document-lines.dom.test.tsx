// A document's lines: a draft's figures are typed in place, with their problem announced; past the draft
// they read as text; the 'Remove' column is there for a draft only.
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { DocumentLinesTable, LineFigureInput, RemoveLineCell } from './document-lines';

afterEach(cleanup);

function Lines({
  draft,
  onChange,
  onRemove,
}: {
  draft: boolean;
  onChange: () => void;
  onRemove: () => void;
}) {
  return (
    <DocumentLinesTable headers={['Product', 'Quantity']} removable={draft}>
      <tr>
        <th scope="row">Tea</th>
        <td data-label="Quantity">
          <LineFigureInput
            label="Quantity of Tea"
            value="2"
            problem={draft ? 'Not a number.' : undefined}
            readOnly={!draft}
            onChange={onChange}
          />
        </td>
        {draft ? <RemoveLineCell name="Tea" onRemove={onRemove} /> : null}
      </tr>
    </DocumentLinesTable>
  );
}

test('a draft: figures typed in place with their problem, and each line removable', async () => {
  const onChange = vi.fn();
  const onRemove = vi.fn();
  render(<Lines draft onChange={onChange} onRemove={onRemove} />);
  expect(screen.getByRole('table', { name: 'Lines' })).toBeInTheDocument();
  expect(screen.getAllByRole('columnheader')).toHaveLength(3);
  const input = screen.getByRole('textbox', { name: /^Quantity of Tea/ });
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('alert')).toHaveTextContent('Not a number.');
  await userEvent.type(input, '5');
  expect(onChange).toHaveBeenLastCalledWith('25');
  await userEvent.click(screen.getByRole('button', { name: 'Remove Tea' }));
  expect(onRemove).toHaveBeenCalledOnce();
});

test('past the draft: figures as text, no Remove', () => {
  render(<Lines draft={false} onChange={vi.fn()} onRemove={vi.fn()} />);
  expect(screen.queryByLabelText('Quantity of Tea')).not.toBeInTheDocument();
  expect(screen.getByText('2')).toBeInTheDocument();
  expect(screen.getAllByRole('columnheader')).toHaveLength(2);
  expect(screen.queryByRole('button', { name: 'Remove Tea' })).not.toBeInTheDocument();
});
