// What the settings pages' screen tests share: a membership in a given role at the demo shop, and a render
// inside a query client already holding the server's answers, so a page opens without asking anyone.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import type { Membership } from '../../src/data/remote/memberships';
import type { ShopSettings } from '../../src/data/remote/shop-settings';

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

/** The demo shop's settings as the server answers them: an owner and a cashier, one store and one till. */
export const SETTINGS: ShopSettings = {
  company: {
    id: 'c1',
    name: 'Demo Shop',
    currency: 'EUR',
    timeZone: 'Europe/Berlin',
    pricesIncludeTax: true,
    defaultTaxRateBp: 1900,
    cashRounding: 1,
    receiptHeader: null,
    receiptFooter: null,
    address: null,
    taxNumber: null,
  },
  tillRules: {
    shiftMode: 'drawer',
    lockAfterSale: false,
    lockIdleMinutes: 5,
    approveRefund: true,
    approveDiscountOverBp: null,
    approvePriceOverride: true,
    approveLineRemoval: false,
    approveNoSale: true,
    approveShiftDifferenceOver: null,
    approvalPinDigits: 4,
  },
  scaleLayouts: [],
  costMethod: 'last',
  shopLanguage: 'en',
  stores: [{ id: 's1', name: 'Main Street', address: null }],
  terminals: [{ id: 't1', code: 'T1', name: 'Front till', storeId: 's1' }],
  members: [
    { id: 'm1', userId: 'u1', role: 'owner', displayName: 'Olive Owner' },
    { id: 'm2', userId: 'u2', role: 'cashier', displayName: 'Casey Cashier' },
  ],
  currencies: ['EUR', 'GBP', 'USD'],
};
