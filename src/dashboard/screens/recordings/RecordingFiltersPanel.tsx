/** The list's filters: date range, duration, device, country, page visited, converted, errors, rage clicks. */
import { useState, type FormEvent } from 'react';
import { NO_FILTERS, type RecordingFilters } from '../../../lib/recordings/filters';
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
  ['', 'Converted or not'],
  ['yes', 'Converted'],
  ['no', 'Not converted'],
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
      <SelectField id="rec-converted" label="Converted" value={f.converted} options={CONVERTED} onValue={(v) => set('converted', v)} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={f.withErrors} onChange={(e) => set('withErrors', e.target.checked)} />
        Had errors
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={f.withRageClicks} onChange={(e) => set('withRageClicks', e.target.checked)} />
        Rage clicks
      </label>
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
