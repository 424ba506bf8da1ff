// What the settings pages' screen tests share: a membership in a given role at the demo shop, and a render
// inside a query client already holding the server's answers, so a page opens without asking anyone.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import type { Membership } from '../../src/data/remote/memberships';

export function membershipAs(role: Membership['role']): Membership {
  return {
    companyId: 'c1',
    companyName: 'Demo Shop',
    currency: 'EUR',
    timeZone: 'Europe/Berlin',
    role,
    displayName: 'Someone',
  };
}

export function renderWithAnswers(answers: [QueryKey, unknown][], page: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  for (const [key, value] of answers) queryClient.setQueryData(key, value);
  render(<QueryClientProvider client={queryClient}>{page}</QueryClientProvider>);
  return queryClient;
}
