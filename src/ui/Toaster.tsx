/** Mount once per page that shows toasts: `<Toaster client:idle />`. */
import { useEffect } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { showCarriedToast } from './toast';

export default function Toaster() {
  // A toast raised just before a navigation (Log Out) is shown again here if the page it was
  // raised on was left before the visitor could read it.
  useEffect(showCarriedToast, []);
  // Bottom-right: at the top right a toast covered the header's and the detail panels' actions, and
  // a pointer resting on it (to reach the button beneath) pauses it, so it never went away.
  return <SonnerToaster position="bottom-right" richColors closeButton />;
}
