/** A row of tabs; with `idPrefix` each tab gets an id and points at its panel (`<prefix>-panel-<id>`). */
import type { ReactNode } from 'react';

export function TabList<T extends { id: string; label: string }>({
  label,
  tabs,
  active,
  onSelect,
  idPrefix,
  renderLabel = (t) => t.label,
}: {
  label: string;
  tabs: readonly T[];
  active: T['id'];
  onSelect: (id: T['id']) => void;
  idPrefix?: string;
  renderLabel?: (tab: T) => ReactNode;
}) {
  return (
    <div role="tablist" aria-label={label} className="mb-4 flex flex-wrap gap-1 border-b border-slate-200">
      {tabs.map((t) => (
        <button
          key={t.id}
          id={idPrefix && `${idPrefix}-tab-${t.id}`}
          type="button"
          role="tab"
          aria-selected={active === t.id}
          aria-controls={idPrefix && `${idPrefix}-panel-${t.id}`}
          onClick={() => onSelect(t.id)}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${active === t.id ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
        >
          {renderLabel(t)}
        </button>
      ))}
    </div>
  );
}
