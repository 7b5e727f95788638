/**
 * Toasts of one shape: a title, an optional description and a destructive variant.
 * Any island may call `notify`; the page mounts one <Toaster /> island (src/ui/Toaster.tsx).
 */
import { toast } from 'sonner';

export type ToastVariant = 'default' | 'success' | 'destructive';

export function notify(title: string, description?: string, variant: ToastVariant = 'default'): void {
  const options = description ? { description } : {};
  if (variant === 'destructive') toast.error(title, options);
  else if (variant === 'success') toast.success(title, options);
  else toast(title, options);
}
