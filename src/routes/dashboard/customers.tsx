import { createFileRoute } from '@tanstack/react-router';
import { EmptyState, PageHeader } from '../../ui/layout';

export const Route = createFileRoute('/dashboard/customers')({
  component: CustomersRoute,
});

function CustomersRoute() {
  return (
    <>
      <PageHeader
        title="Customers"
        description="People you sell to: contact details, notes and their purchases."
      />
      <EmptyState title="No customers to show here yet">
        <p>
          The customer list arrives with the customers screen. Customers recorded at your tills are kept on
          the server and will be listed here.
        </p>
      </EmptyState>
    </>
  );
}
