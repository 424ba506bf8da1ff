import { createFileRoute } from '@tanstack/react-router';
import { EmptyState, PageHeader } from '../../ui/layout';

export const Route = createFileRoute('/dashboard/shifts')({
  component: ShiftsRoute,
});

function ShiftsRoute() {
  return (
    <>
      <PageHeader
        title="Shifts"
        description="Open and close the cash drawer, count cash and see what each shift took."
      />
      <EmptyState title="No shifts to show here yet">
        <p>
          Opening and closing the drawer arrives with the shifts screen. Nothing has been recorded on this
          device.
        </p>
      </EmptyState>
    </>
  );
}
