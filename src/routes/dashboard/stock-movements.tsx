import { createFileRoute } from '@tanstack/react-router';
import { EmptyState, PageHeader } from '../../ui/layout';

export const Route = createFileRoute('/dashboard/stock-movements')({
  component: StockMovementsRoute,
});

function StockMovementsRoute() {
  return (
    <>
      <PageHeader
        title="Stock movements"
        description="Every change to stock: goods received, adjustments, counts, waste and sales."
      />
      <EmptyState title="No stock movements to show here yet">
        <p>
          Receiving goods and counting stock arrive with the stock screen. Movements recorded by your tills
          are kept on the server and will be listed here.
        </p>
      </EmptyState>
    </>
  );
}
