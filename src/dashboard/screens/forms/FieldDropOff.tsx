/**
 * One form's field-by-field drop-off: in the order visitors fill it in, how many of the form's
 * starts reached each field (bar) and how many left the form there (the last field they touched),
 * with time, hesitation, refills and errors per field.
 */
import type { FormFigures } from '../../data/forms';

export function FieldDropOff({ form }: { form: FormFigures }) {
  const starts = Math.max(1, form.starts);
  return (
    <div className="space-y-2" data-testid="field-dropoff">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Fields of {form.selector}, in the order visitors fill them in</caption>
        <thead className="text-xs uppercase text-slate-500">
          <tr>
            <th className="py-1 pr-2">Field</th>
            <th className="w-2/5 py-1 pr-2">Reached (of starts)</th>
            <th className="py-1 pr-2">Left here</th>
            <th className="py-1 pr-2">Avg time</th>
            <th className="py-1 pr-2">Hesitation</th>
            <th className="py-1 pr-2">Refills</th>
            <th className="py-1">Errors</th>
          </tr>
        </thead>
        <tbody>
          {form.fields.map((f) => {
            const share = Math.min(1, f.touched / starts);
            return (
              <tr key={f.key} className="border-t border-slate-100" data-testid="form-field" data-field={f.key}>
                <td className="py-1 pr-2">
                  <span className="font-medium">{f.label || f.key}</span>
                  {f.label && f.label !== f.key && <span className="ml-1 text-xs text-slate-500">{f.key}</span>}
                </td>
                <td className="py-1 pr-2">
                  <div className="flex items-center gap-2">
                    <div className="h-3 flex-1 rounded bg-slate-100" aria-hidden="true">
                      <div className="h-3 rounded bg-indigo-500" style={{ width: `${share * 100}%` }} />
                    </div>
                    <span className="w-16 text-right tabular-nums">
                      {f.touched} ({Math.round(share * 100)}%)
                    </span>
                  </div>
                </td>
                <td className="py-1 pr-2 tabular-nums" data-testid="field-abandoned">
                  {f.abandoned}
                </td>
                <td className="py-1 pr-2 tabular-nums">{f.avgSeconds} s</td>
                <td className="py-1 pr-2 tabular-nums">{f.avgHesitationSeconds} s</td>
                <td className="py-1 pr-2 tabular-nums" data-testid="field-refills">
                  {f.refills}
                </td>
                <td className="py-1 tabular-nums">{f.errors}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
