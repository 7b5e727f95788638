/** A button that opens a panel; closes on outside click, Escape, or when the panel asks. */
import { useRef, useState, type ReactNode } from 'react';
import { useDismiss } from '../../ui/useDismiss';

export function Dropdown({
  label,
  button,
  children,
  panelClass = 'w-64',
}: {
  label: string;
  button: ReactNode;
  children: (close: () => void) => ReactNode;
  panelClass?: string;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(open, ref, setOpen);
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        aria-label={label}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100"
      >
        {button}
      </button>
      {open && (
        <div
          role="menu"
          aria-label={label}
          className={`absolute right-0 z-50 mt-2 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white shadow-lg ${panelClass}`}
        >
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
