// The Sales section's frame, shared by the list and a sale's own address: its header, and the sales themselves
// once this device knows the shop (else how to connect).
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { SalesDeps } from '../../features/sales/sales-deps';
import { PageHeader } from '../../ui/layout';
import { ShopBoundary } from '../-shop';

export function SalesFrame({
  deps,
  children,
}: {
  deps: SalesDeps | null;
  children: (deps: SalesDeps) => ReactNode;
}) {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Sales`}
        description={t`Receipts from every till, with refunds and payment details.`}
      />
      <ShopBoundary
        ready={deps}
        connect={t`Connect once so it can sync the shop's data, then see its sales here.`}
      >
        {children}
      </ShopBoundary>
    </>
  );
}
