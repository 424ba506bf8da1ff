import { createFileRoute } from '@tanstack/react-router';
import { CustomerDisplayPage } from '../features/customer-display/display-page';

// The customer display (issue 19): public to this device, it shows only what the register sends.
export const Route = createFileRoute('/display')({
  component: CustomerDisplayPage,
});
