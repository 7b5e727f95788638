/** Visitors (bars) and conversions (line) per day of the range, as an accessible SVG chart. */
import type { DayRow } from '../../data/analytics';

const W = 720;
const H = 200;
const PAD = 24;

export function VisitorsChart({ series }: { series: DayRow[] }) {
  const maxV = Math.max(1, ...series.map((d) => d.visitors));
  const maxC = Math.max(1, ...series.map((d) => d.conversions));
  const step = (W - 2 * PAD) / Math.max(1, series.length);
  const x = (i: number) => PAD + i * step + step / 2;
  const yV = (v: number) => H - PAD - (v / maxV) * (H - 2 * PAD);
  const yC = (v: number) => H - PAD - (v / maxC) * (H - 2 * PAD);
  const line = series.map((d, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${yC(d.conversions).toFixed(1)}`).join(' ');
  const totalV = series.reduce((n, d) => n + d.visitors, 0);
  const totalC = series.reduce((n, d) => n + d.conversions, 0);
  return (
    <figure>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-52 w-full"
        role="img"
        aria-label={`Visitors and conversions per day: ${totalV} visitors and ${totalC} conversions from ${series[0]?.day ?? ''} to ${series[series.length - 1]?.day ?? ''}`}
      >
        <line x1={PAD} x2={W - PAD} y1={H - PAD} y2={H - PAD} stroke="#cbd5e1" />
        {series.map((d, i) => (
          <rect key={d.day} x={x(i) - step * 0.35} width={step * 0.7} y={yV(d.visitors)} height={H - PAD - yV(d.visitors)} fill="#a5b4fc">
            <title>{`${d.day}: ${d.visitors} visitors, ${d.conversions} conversions`}</title>
          </rect>
        ))}
        <path d={line} fill="none" stroke="#059669" strokeWidth={2} />
        <text x={PAD} y={14} fontSize={11} fill="#64748b">
          max {maxV} visitors / {maxC} conversions per day
        </text>
      </svg>
      <figcaption className="mt-1 flex gap-4 text-xs text-slate-500">
        <span>
          <span className="mr-1 inline-block h-2 w-3 bg-indigo-300" aria-hidden />
          Visitors
        </span>
        <span>
          <span className="mr-1 inline-block h-0.5 w-3 bg-emerald-600 align-middle" aria-hidden />
          Conversions
        </span>
      </figcaption>
    </figure>
  );
}
