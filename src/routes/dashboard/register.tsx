import { createFileRoute } from '@tanstack/react-router';
import { EmptyState, PageHeader } from '../../ui/layout';

export const Route = createFileRoute('/dashboard/register')({
  component: RegisterRoute,
});

function RegisterRoute() {
  return (
    <>
      <PageHeader
        title="Register"
        description="Ring up sales, scan barcodes and take cash or card — online or offline."
      />
      <EmptyState title="The register is not set up on this device yet">
        <p>
          Selling from this device arrives with the register screen. Nothing has been recorded here, so there
          is nothing to sync.
        </p>
      </EmptyState>
    </>
  );
}
