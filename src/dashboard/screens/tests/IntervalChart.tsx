/** Each variant's uplift with its 95% interval on one axis through zero, so overlap with "no effect" shows at a glance. */
import type { VariantResult } from '../../data/experiments';
import { signedPercent } from './format';

const WIDTH = 320;
const ROW = 28;
const PAD = 12;

export function IntervalChart({ variants }: { variants: VariantResult[] }) {
  const rows = variants.filter((v) => v.stats?.status === 'ok');
  if (!rows.length) return null;
  // Unbounded ends are drawn to the edge; the scale covers every finite end and zero.
  const ends = rows.flatMap((v) => [v.stats!.uplift_ci[0], v.stats!.uplift_ci[1], v.stats!.uplift]).filter((x): x is number => x !== null);
  const lo = Math.min(0, ...ends);
  const hi = Math.max(0, ...ends);
  const span = hi - lo || 1;
  const x = (v: number | null, edge: number) => (v === null ? edge : PAD + ((v - lo) / span) * (WIDTH - 2 * PAD));
  const height = rows.length * ROW + 2 * PAD;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} className="w-full max-w-md" role="img" aria-label="Uplift with 95% intervals">
      <line x1={x(0, 0)} x2={x(0, 0)} y1={PAD / 2} y2={height - PAD / 2} stroke="#94a3b8" strokeDasharray="3 3" />
      {rows.map((v, i) => {
        const s = v.stats!;
        const y = PAD + i * ROW + ROW / 2;
        const good = s.uplift_ci[0] !== null && s.uplift_ci[0] > 0;
        const bad = s.uplift_ci[1] !== null && s.uplift_ci[1] < 0;
        const color = good ? '#059669' : bad ? '#dc2626' : '#4f46e5';
        return (
          <g key={v.key} data-testid={`interval-${v.key}`}>
            <title>{`${v.name}: ${signedPercent(s.uplift)}`}</title>
            <line x1={x(s.uplift_ci[0], PAD)} x2={x(s.uplift_ci[1], WIDTH - PAD)} y1={y} y2={y} stroke={color} strokeWidth={3} />
            <circle cx={x(s.uplift, 0)} cy={y} r={5} fill={color} />
          </g>
        );
      })}
    </svg>
  );
}
