/** A labelled select over a list of value/label options; an option may be disabled (a third element, true). */
import type { SelectHTMLAttributes } from 'react';

export function SelectField<V extends string>({
  id,
  label,
  value,
  options,
  onValue,
  labelClassName = 'block text-sm font-medium text-slate-800',
  className = 'w-full rounded-md border border-slate-300 px-3 py-2 text-sm',
  ...rest
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  id: string;
  label: string;
  value: V;
  options: readonly (readonly [V, string] | readonly [V, string, boolean])[];
  onValue: (value: V) => void;
  labelClassName?: string;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onValue(e.target.value as V)} className={className} {...rest}>
        {options.map(([v, l, disabled]) => (
          <option key={v} value={v} disabled={disabled}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
}
