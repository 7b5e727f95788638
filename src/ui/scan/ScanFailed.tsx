import { AlertCircle } from 'lucide-react';

/** Why the scan failed, as an alert; large on the scan page, compact in the landing widget. */
export default function ScanFailed({ message, large = false }: { message: string; large?: boolean }) {
  return (
    <p role="alert" className={`flex items-start gap-2 rounded-lg bg-rose-50 text-rose-800 ${large ? 'p-4' : 'p-3 text-sm'}`}>
      <AlertCircle className={`mt-0.5 shrink-0 ${large ? 'size-5' : 'size-4'}`} aria-hidden="true" />
      <span>
        <strong>Scan failed.</strong> {message}
      </span>
    </p>
  );
}
