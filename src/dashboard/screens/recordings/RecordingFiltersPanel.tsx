/**
 * The list's filters and order: date range, duration, device, country, source, page visited, goal
 * reached, errors and each frustration signal.
 */
import { useState, type FormEvent } from 'react';
import { NO_FILTERS, RECORDING_SORTS, type RecordingFilters } from '../../../lib/recordings/filters';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';

const DEVICES = [
  ['', 'Any device'],
  ['desktop', 'Desktop'],
  ['mobile', 'Mobile'],
  ['tablet', 'Tablet'],
] as const;

const CONVERTED = [
  ['', 'Goal reached or not'],
  ['yes', 'Goal reached'],
  ['no', 'Goal not reached'],
] as const;

/** The checkboxes: each narrows the list to sessions with at least one. */
const SIGNAL_BOXES = [
  ['withErrors', 'Had errors'],
  ['frustrated', 'Any frustration'],
  ['withRageClicks', 'Rage clicks'],
  ['withDeadClicks', 'Dead clicks'],
  ['withErrorClicks', 'Error clicks'],
  ['withQuickBacks', 'Quick backs'],
  ['withExcessiveScrolling', 'Excessive scrolling'],
] as const;

export function RecordingFiltersPanel({ value, onApply }: { value: RecordingFilters; onApply: (f: RecordingFilters) => void }) {
  const [f, setF] = useState(value);
  const set = <K extends keyof RecordingFilters>(k: K, v: RecordingFilters[K]) => setF((old) => ({ ...old, [k]: v }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onApply(f);
  };
  return (
    <form
      onSubmit={apply}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      data-testid="recording-filters"
    >
      <TextField id="rec-from" label="From" type="date" value={f.from} onChange={(e) => set('from', e.target.value)} />
      <TextField id="rec-to" label="To" type="date" value={f.to} onChange={(e) => set('to', e.target.value)} />
      <TextField
        id="rec-min"
        label="Shortest (seconds)"
        type="number"
        min={0}
        value={f.minSeconds}
        onChange={(e) => set('minSeconds', e.target.value)}
      />
      <TextField
        id="rec-max"
        label="Longest (seconds)"
        type="number"
        min={0}
        value={f.maxSeconds}
        onChange={(e) => set('maxSeconds', e.target.value)}
      />
      <SelectField id="rec-device" label="Device" value={f.device} options={DEVICES} onValue={(v) => set('device', v)} />
      <TextField
        id="rec-country"
        label="Country (two letters)"
        maxLength={2}
        value={f.country}
        onChange={(e) => set('country', e.target.value)}
      />
      <TextField id="rec-page" label="Page visited" placeholder="/checkout" value={f.page} onChange={(e) => set('page', e.target.value)} />
      <SelectField id="rec-converted" label="Goal reached" value={f.converted} options={CONVERTED} onValue={(v) => set('converted', v)} />
      <TextField
        id="rec-source"
        label="Source"
        placeholder="google.com or Direct"
        value={f.source}
        onChange={(e) => set('source', e.target.value)}
      />
      <SelectField id="rec-sort" label="Order" value={f.sort} options={RECORDING_SORTS} onValue={(v) => set('sort', v)} />
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1 sm:col-span-2">
        <legend className="sr-only">Signals</legend>
        {SIGNAL_BOXES.map(([key, label]) => (
          <label key={key} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={f[key]} onChange={(e) => set(key, e.target.checked)} />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-2 lg:justify-end">
        <Button
          variant="ghost"
          onClick={() => {
            setF(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          Clear
        </Button>
        <Button type="submit">Apply Filters</Button>
      </div>
    </form>
  );
}
