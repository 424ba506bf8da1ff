import { createFileRoute } from '@tanstack/react-router';
import { SalesPage } from '../../features/sales/sales-page';
import { loadSalesShop, prefetchFirstSalesPage, useSalesDeps } from './-sales-deps';
import { SalesFrame } from './-sales-frame';

export const Route = createFileRoute('/dashboard/sales')({
  // This device's sales are in its ledger: the screen opens with no network.
  loader: ({ context }) => {
    prefetchFirstSalesPage(context);
    return loadSalesShop(context);
  },
  component: SalesRoute,
});

function SalesRoute() {
  const deps = useSalesDeps(Route.useLoaderData(), Route.useRouteContext());
  return <SalesFrame deps={deps}>{(ready) => <SalesPage deps={ready} />}</SalesFrame>;
}
