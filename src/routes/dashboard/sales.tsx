import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { SalesPage } from '../../features/sales/sales-page';
import { PageHeader } from '../../ui/layout';
import { ShopBoundary } from '../-shop';
import { loadSalesShop, prefetchFirstSalesPage, useSalesDeps } from './-sales-deps';

export const Route = createFileRoute('/dashboard/sales')({
  // This device's sales are in its ledger: the screen opens with no network.
  loader: ({ context }) => {
    prefetchFirstSalesPage(context);
    return loadSalesShop(context);
  },
  component: SalesRoute,
});

function SalesRoute() {
  const { t } = useLingui();
  const deps = useSalesDeps(Route.useLoaderData(), Route.useRouteContext());
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
        {(ready) => <SalesPage deps={ready} />}
      </ShopBoundary>
    </>
  );
}
