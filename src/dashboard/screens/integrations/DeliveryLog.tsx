/** An integration's delivery log: each attempt or received webhook with status, latency and error. */
import type { IntegrationDeliveryRecord } from '../../data/records';

const LABELS: Record<IntegrationDeliveryRecord['status'], string> = {
  delivered: 'Delivered',
  failed: 'Failed',
  received: 'Received',
  ignored: 'Ignored',
};

const TONES: Record<IntegrationDeliveryRecord['status'], string> = {
  delivered: 'text-emerald-700',
  received: 'text-emerald-700',
  failed: 'text-red-700',
  ignored: 'text-slate-600',
};

export function DeliveryLog({ entries }: { entries: IntegrationDeliveryRecord[] }) {
  if (entries.length === 0) return <p className="text-xs text-slate-500">No deliveries yet</p>;
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-slate-600">Delivery log ({entries.length})</summary>
      <ol className="mt-2 max-h-56 space-y-1 overflow-y-auto" aria-label="Delivery log">
        {entries.map((d) => (
          <li key={d.id} className="rounded border border-slate-100 p-1.5">
            <span className={`font-medium ${TONES[d.status]}`}>{LABELS[d.status]}</span> <span className="text-slate-700">{d.event}</span>
            {d.attempt > 1 && <span className="text-slate-500"> (attempt {d.attempt})</span>}
            <span className="block text-slate-500">
              {new Date(d.created_at).toLocaleString()}
              {d.http_status > 0 && ` · HTTP ${d.http_status}`}
              {d.status !== 'received' && d.status !== 'ignored' && ` · ${d.latency_ms} ms`}
            </span>
            {d.error && <span className="block break-words text-red-700">{d.error}</span>}
          </li>
        ))}
      </ol>
    </details>
  );
}
