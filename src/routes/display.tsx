import { createFileRoute } from '@tanstack/react-router';
import { CustomerDisplayPage } from '../features/customer-display/display-page';
import { deviceStorage, readPrinterSettings } from '../features/printing/printer-settings';

// The customer display (issue 19): public to this device, it shows only what the register sends, and this
// device's receipt logo (Settings → This till → Printer) when idle.
export const Route = createFileRoute('/display')({
  component: DisplayRoute,
});

function DisplayRoute() {
  return <CustomerDisplayPage logo={readPrinterSettings(deviceStorage()).logo?.dataUrl ?? null} />;
}
