import { createFileRoute } from '@tanstack/react-router';
import { EmptyState, PageHeader } from '../../ui/layout';

export const Route = createFileRoute('/dashboard/sales')({
  component: SalesRoute,
});

function SalesRoute() {
  return (
    <>
      <PageHeader title="Sales" description="Receipts from every till, with refunds and payment details." />
      <EmptyState title="No sales to show here yet">
        <p>
          The sales history arrives with the sales screen. Sales recorded at your tills are kept on the server
          and will be listed here.
        </p>
      </EmptyState>
    </>
  );
}
