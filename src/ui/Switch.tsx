/** An on/off switch: a button with role="switch" whose knob slides to show the state; name it with an aria attribute. */
import type { ButtonHTMLAttributes } from 'react';

export function Switch({
  checked,
  onToggle,
  ...aria
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'className'> & { checked: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={onToggle}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition disabled:cursor-not-allowed disabled:opacity-50 ${checked ? 'bg-indigo-600' : 'bg-slate-300'}`}
      {...aria}
    >
      <span className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${checked ? 'translate-x-5' : 'translate-x-0.5'}`} />
    </button>
  );
}
