// A document's history: each change of state with when and who; a creation (no status before) reads as
// its new status alone; nothing yet reads as the document's own words.
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { DocumentHistory, type DocumentEvent } from './document-history';

afterEach(cleanup);

const words = (status: string | null) => (status === null ? '' : status.toUpperCase());
const when = (at: string) => `at ${at}`;

describe('DocumentHistory', () => {
  test('lists each change of state, the first without a status before it, and who made it when known', () => {
    const events: DocumentEvent[] = [
      { id: 'e1', fromStatus: null, toStatus: 'draft', occurredAt: '1', who: 'Ana' },
      { id: 'e2', fromStatus: 'draft', toStatus: 'ordered', occurredAt: '2', who: null },
    ];
    render(<DocumentHistory id="h" events={events} statusWords={words} when={when} empty="Nothing yet." />);
    const history = screen.getByRole('region', { name: 'History' });
    const items = within(history).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['at 1: DRAFT — Ana', 'at 2: DRAFT → ORDERED']);
    expect(screen.queryByText('Nothing yet.')).not.toBeInTheDocument();
  });

  test('with no events says the empty words', () => {
    render(<DocumentHistory id="h" events={[]} statusWords={words} when={when} empty="Nothing yet." />);
    expect(screen.getByText('Nothing yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
