/** A button that opens a panel; closes on outside click, Escape, or when the panel asks. */
import { useEffect, useRef, useState, type ReactNode } from 'react';

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
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
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
