/** An on/off setting: its label and a one-line hint beside a switch that both name and describe. */
import { useId } from 'react';
import { Switch } from './Switch';

export function LabelledSwitch({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (v: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <p id={`${id}-l`} className="text-sm font-medium text-slate-900">
          {label}
        </p>
        <p id={`${id}-h`} className="text-xs text-slate-500">
          {hint}
        </p>
      </div>
      <Switch
        checked={checked}
        aria-labelledby={`${id}-l`}
        aria-describedby={`${id}-h`}
        disabled={disabled}
        onToggle={() => onChange(!checked)}
      />
    </div>
  );
}
