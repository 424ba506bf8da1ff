import { createFileRoute } from '@tanstack/react-router';
import { EmptyState, PageHeader } from '../../ui/layout';

export const Route = createFileRoute('/dashboard/products')({
  component: ProductsRoute,
});

function ProductsRoute() {
  return (
    <>
      <PageHeader
        title="Products"
        description="Your catalogue: names, barcodes, prices, tax rates and stock tracking."
      />
      <EmptyState title="No products to show here yet">
        <p>
          Adding, editing and importing products arrives with the catalogue screen. Products already in your
          shop are kept on the server and appear here once it is ready.
        </p>
      </EmptyState>
    </>
  );
}
