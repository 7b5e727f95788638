/** The right-aligned row that closes a dialog's form: Cancel, then the form's own buttons. */
import type { ReactNode } from 'react';
import { Button } from './Button';

export function DialogActions({
  onCancel,
  cancelVariant = 'outline',
  className = 'flex justify-end gap-2',
  children,
}: {
  onCancel: () => void;
  cancelVariant?: 'outline' | 'ghost';
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Button variant={cancelVariant} onClick={onCancel}>
        Cancel
      </Button>
      {children}
    </div>
  );
}
