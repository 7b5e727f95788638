/** Copies a value to the clipboard and confirms it (or the failure) with a toast. */
import { Copy } from 'lucide-react';
import { notify } from './toast';
import { Button } from './Button';

export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify('Copied to clipboard!', undefined, 'success');
  } catch {
    notify('Failed to copy', undefined, 'destructive');
  }
}

export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  return (
    <Button variant="outline" onClick={() => void copyText(value)} aria-label={`${label} ${value}`.trim()}>
      <Copy className="h-4 w-4" aria-hidden />
      <span className="sr-only sm:not-sr-only">{label}</span>
    </Button>
  );
}
