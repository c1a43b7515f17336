import { DRIVER_GUIDE } from './driver-help.js';
import { HelpPage } from './help-page.js';
import { TRANSPORTER_GUIDE } from './transporter-help.js';

/** /documentation: the drivers' help. */
export function DriverHelpPage() {
  return <HelpPage guide={DRIVER_GUIDE} />;
}

/** /transporter-documentation: the transporters' help. Anyone signed in may read either (it is help). */
export function TransporterHelpPage() {
  return <HelpPage guide={TRANSPORTER_GUIDE} />;
}
