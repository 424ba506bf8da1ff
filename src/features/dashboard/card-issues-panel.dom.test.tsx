// "Card payments to check" (issue 20, [CARD-23]): the function's list_issues asked with one of the shop's
// tills, each issue with its amount, till, time and a plain explanation; 'Refund to the card' for a charge no
// sale arrived for (the payment's own id as the refund's, so it refunds once); a refusal said plainly.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { FunctionsHttpError } from '@supabase/supabase-js';
import type { CardPayment, CardPaymentIssue } from '../../data/remote/card-payments';
import type { Supabase } from '../../data/remote/supabase-client';
import { ShopTimeZone } from '../../ui/when';
import CardIssuesPanel from './card-issues-panel';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const COMPANY = 'e1000000-0000-4000-8000-000000000001';
const T1 = 'e5000000-0000-4000-8000-000000000001';
const T2 = 'e5000000-0000-4000-8000-000000000002';

function payment(fields: Partial<CardPayment>): CardPayment {
  return {
    id: 'c0000000-0000-4000-8000-000000000001',
    sale_id: null,
    terminal_id: T2,
    amount: 1250,
    currency: 'EUR',
    payment_intent_id: 'pi_orphan',
    status: 'succeeded',
    failure_code: null,
    failure_message: null,
    refunded_amount: 0,
    payment_id: null,
    created_at: '2026-11-21T09:15:00Z',
    updated_at: '2026-11-21T09:16:00Z',
    ...fields,
  };
}

const ISSUES: CardPaymentIssue[] = [
  { issue: 'unresolved', payment: payment({}) },
  {
    issue: 'unknown',
    payment: payment({
      id: 'c0000000-0000-4000-8000-000000000002',
      payment_intent_id: 'pi_typed',
      status: 'unknown',
      sale_id: 'e7000000-0000-4000-8000-000000000001',
      amount: 480,
      terminal_id: T1,
    }),
  },
];

function refusal(status: number, code: string, message: string) {
  return new FunctionsHttpError(new Response(JSON.stringify({ error: { code, message } }), { status }));
}

/** A Supabase with the shop's two tills (RLS) and the card-payments function, answering from a script. */
function fakeSupabase(answers: { refund?: 'ok' | 'insufficient_role' } = {}) {
  let issues = [...ISSUES];
  const invoke = vi.fn((_name: string, { body }: { body: Record<string, unknown> }) => {
    if (body.action === 'list_issues') return Promise.resolve({ data: { issues }, error: null });
    if (answers.refund === 'insufficient_role') {
      return Promise.resolve({ data: null, error: refusal(403, 'insufficient_role', 'Managers only') });
    }
    const refunded = payment({ refunded_amount: 1250 });
    issues = issues.filter((row) => row.payment.id !== refunded.id);
    return Promise.resolve({
      data: { payment: refunded, refund: { id: 're_1', amount: 1250, status: 'succeeded' } },
      error: null,
    });
  });
  const tills = [
    { id: T1, name: 'Front counter', code: 'T1' },
    { id: T2, name: 'Market stall', code: 'T2' },
  ];
  const from = vi.fn(() => ({
    select: () => ({ eq: () => ({ order: () => Promise.resolve({ data: tills, error: null }) }) }),
  }));
  return { supabase: { from, functions: { invoke } } as unknown as Supabase, invoke, from };
}

function show(supabase: Supabase) {
  // The router restores the scroll position, which jsdom does not implement.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <QueryClientProvider client={queryClient}>
          <ShopTimeZone zone="Europe/Paris">
            <p>Overview</p>
            <CardIssuesPanel supabase={supabase} companyId={COMPANY} />
          </ShopTimeZone>
        </QueryClientProvider>
      ),
    }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
}

describe('card payments to check', () => {
  test('[CARD-23] lists each issue with its amount, till, time and what to do', async () => {
    const { supabase, invoke } = fakeSupabase();
    show(supabase);
    const charged = await screen.findByRole('article', { name: 'Charged, but no sale arrived: €12.50' });
    expect(within(charged).getByText(/at Market stall/)).toBeInTheDocument();
    expect(within(charged).getByText(/refund it to the card/)).toBeInTheDocument();
    expect(within(charged).getByText('pi_orphan')).toBeInTheDocument();
    const unknown = screen.getByRole('article', {
      name: 'A sale names a payment the server does not know: €4.80',
    });
    expect(within(unknown).getByText(/at Front counter/)).toBeInTheDocument();
    expect(within(unknown).getByRole('link', { name: 'See the sale' })).toHaveAttribute(
      'href',
      '/dashboard/sales/e7000000-0000-4000-8000-000000000001',
    );
    expect(within(unknown).queryByRole('button')).not.toBeInTheDocument();
    // Asked with one of the shop's tills; the function answers for the whole shop.
    expect(invoke).toHaveBeenCalledWith('card-payments', {
      body: { action: 'list_issues', terminal_id: T1, minutes: 10 },
    });
  });

  test('[CARD-23] refund to the card: the whole charge, once, and the issue goes', async () => {
    const { supabase, invoke } = fakeSupabase({ refund: 'ok' });
    show(supabase);
    const charged = await screen.findByRole('article', { name: 'Charged, but no sale arrived: €12.50' });
    await userEvent.setup().click(within(charged).getByRole('button', { name: 'Refund €12.50 to the card' }));
    await vi.waitFor(() => {
      expect(screen.queryByRole('article', { name: /Charged, but no sale arrived/ })).not.toBeInTheDocument();
    });
    expect(invoke).toHaveBeenCalledWith('card-payments', {
      body: {
        action: 'refund_payment',
        payment_id: ISSUES[0]?.payment.id,
        refund_id: ISSUES[0]?.payment.id,
      },
    });
  });

  test('[CARD-23] a refusal is said plainly and the issue stays', async () => {
    const { supabase } = fakeSupabase({ refund: 'insufficient_role' });
    show(supabase);
    const charged = await screen.findByRole('article', { name: 'Charged, but no sale arrived: €12.50' });
    await userEvent.setup().click(within(charged).getByRole('button', { name: 'Refund €12.50 to the card' }));
    expect(await within(charged).findByRole('alert')).toHaveTextContent(
      'Only a manager or the owner can do that.',
    );
    expect(screen.getByRole('article', { name: 'Charged, but no sale arrived: €12.50' })).toBeInTheDocument();
  });

  test('[CARD-23] offline it asks nothing and shows nothing', async () => {
    const { supabase, invoke, from } = fakeSupabase();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      show(supabase);
      expect(await screen.findByText('Overview')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Card payments to check' })).not.toBeInTheDocument();
      expect(invoke).not.toHaveBeenCalled();
      expect(from).not.toHaveBeenCalled();
    } finally {
      onLine.mockRestore();
    }
  });
});
