/** Mount once per page that shows toasts: `<Toaster client:idle />`. */
import { Toaster as SonnerToaster } from 'sonner';

export default function Toaster() {
  return <SonnerToaster position="top-right" richColors closeButton />;
}
