/** A search box with its magnifier icon; the label names it for screen readers and, with "...", is its placeholder. */
import { Search } from 'lucide-react';

export function SearchInput({
  label,
  value,
  onValue,
  className,
}: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  className: string;
}) {
  return (
    <div className={`relative ${className}`}>
      <Search className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-400" aria-hidden />
      <input
        type="search"
        aria-label={label}
        placeholder={`${label}...`}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        className="w-full rounded-md border border-slate-300 py-2 pl-9 pr-3 text-sm"
      />
    </div>
  );
}
