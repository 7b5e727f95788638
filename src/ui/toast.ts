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

const CARRIED = 'cro_carried_toast';

/**
 * Shows a toast now and carries it to the next page of this tab: a navigation that follows at
 * once (a slow device may leave before the toast is painted) does not lose the message.
 */
export function notifyAcrossNavigation(title: string, variant: ToastVariant = 'default', description?: string): void {
  notify(title, description, variant);
  try {
    sessionStorage.setItem(CARRIED, JSON.stringify({ title, description, variant, at: Date.now() }));
  } catch {
    // storage unavailable: the toast on this page is all there is
  }
}

/** Shows (once) a toast carried from the previous page of this tab, if it is fresh. */
export function showCarriedToast(): void {
  try {
    const raw = sessionStorage.getItem(CARRIED);
    if (!raw) return;
    sessionStorage.removeItem(CARRIED);
    const carried = JSON.parse(raw) as { title?: unknown; description?: unknown; variant?: ToastVariant; at?: number };
    const description = typeof carried.description === 'string' ? carried.description : undefined;
    if (typeof carried.title === 'string' && Date.now() - (carried.at ?? 0) < 10_000) notify(carried.title, description, carried.variant);
  } catch {
    // a malformed entry is dropped
  }
}
