/**
 * Book Demo: the enterprise demo form in a modal <dialog> (name, work email, company, website,
 * monthly visitors, message), posted to /api/cro/demo-request, with a confirmation.
 */
import { useImperativeHandle, useRef, useState, type FormEvent, type Ref } from 'react';
import { Loader2, X } from 'lucide-react';
import { notify } from '../ui/toast';
import { DEMO_VISITOR_RANGES, validateDemoRequest, type DemoErrors, type DemoRequest } from '../lib/demo-request';

export interface DemoDialogHandle {
  open(): void;
}

const EMPTY: DemoRequest = { name: '', email: '', company: '', website: '', monthly_visitors: '', message: '' };
const FIELDS: { id: keyof DemoRequest; label: string; type?: string; autoComplete?: string; required?: boolean }[] = [
  { id: 'name', label: 'Name', autoComplete: 'name', required: true },
  { id: 'email', label: 'Work Email', type: 'email', autoComplete: 'email', required: true },
  { id: 'company', label: 'Company', autoComplete: 'organization', required: true },
  { id: 'website', label: 'Website', type: 'url', autoComplete: 'url' },
];

export default function PricingDemoDialog({ ref, supportEmail }: { ref: Ref<DemoDialogHandle>; supportEmail: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [values, setValues] = useState<DemoRequest>(EMPTY);
  const [errors, setErrors] = useState<DemoErrors>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  useImperativeHandle(ref, () => ({
    open() {
      setSent(false);
      setErrors({});
      dialog.current?.showModal();
    },
  }));

  const set = (id: keyof DemoRequest, v: string) => setValues((old) => ({ ...old, [id]: v }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateDemoRequest(values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setSending(true);
    try {
      const res = await fetch('/api/cro/demo-request', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(checked.value),
      });
      if (res.ok) {
        setSent(true);
        setValues(EMPTY);
        notify(
          'Demo request received!',
          `Thanks, ${checked.value.name}. Our enterprise team will contact you within one business day.`,
          'success',
        );
      } else if (res.status === 429) {
        notify('Too many requests', `Please try again later or email us at ${supportEmail}.`, 'destructive');
      } else if (res.status === 400) {
        const body = (await res.json().catch(() => null)) as { data?: Record<string, { message?: string }> } | null;
        const next: DemoErrors = {};
        for (const [k, v] of Object.entries(body?.data ?? {})) if (v?.message) next[k as keyof DemoRequest] = v.message;
        setErrors(next);
      } else {
        throw new Error(`HTTP ${res.status}`);
      }
    } catch {
      notify('Request not sent', `Something went wrong. Please try again or email us at ${supportEmail}.`, 'destructive');
    } finally {
      setSending(false);
    }
  }

  const input = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm';
  return (
    <dialog ref={dialog} aria-labelledby="demo-title" className="m-auto w-full max-w-lg rounded-2xl p-0 shadow-xl backdrop:bg-slate-900/50">
      <div className="p-6">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id="demo-title" className="text-xl font-bold">
              Book an Enterprise Demo
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Custom volume pricing, multi-brand support and a custom SLA. Tell us about your business.
            </p>
          </div>
          <button type="button" className="btn btn-ghost px-2" aria-label="Close" onClick={() => dialog.current?.close()}>
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        {sent ? (
          <div role="status" className="mt-6">
            <p className="font-semibold text-ink">Thank you! Your demo request has been received.</p>
            <p className="mt-2 text-sm">Our enterprise team will contact you within one business day.</p>
            <button type="button" className="btn btn-primary mt-6 w-full" onClick={() => dialog.current?.close()}>
              Close
            </button>
          </div>
        ) : (
          <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
            {FIELDS.map((f) => (
              <div key={f.id}>
                <label htmlFor={`demo-${f.id}`} className="block text-sm font-medium text-ink">
                  {f.label}
                  {f.required && <span aria-hidden="true"> *</span>}
                </label>
                <input
                  id={`demo-${f.id}`}
                  type={f.type ?? 'text'}
                  autoComplete={f.autoComplete}
                  required={f.required}
                  value={values[f.id]}
                  onChange={(e) => set(f.id, e.target.value)}
                  aria-invalid={errors[f.id] ? true : undefined}
                  aria-describedby={errors[f.id] ? `demo-${f.id}-error` : undefined}
                  className={input}
                />
                {errors[f.id] && (
                  <p id={`demo-${f.id}-error`} className="mt-1 text-sm text-red-700">
                    {errors[f.id]}
                  </p>
                )}
              </div>
            ))}
            <div>
              <label htmlFor="demo-monthly_visitors" className="block text-sm font-medium text-ink">
                Monthly Visitors
              </label>
              <select
                id="demo-monthly_visitors"
                value={values.monthly_visitors}
                onChange={(e) => set('monthly_visitors', e.target.value)}
                className={input}
              >
                <option value="">Select a range</option>
                {DEMO_VISITOR_RANGES.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="demo-message" className="block text-sm font-medium text-ink">
                Message
              </label>
              <textarea
                id="demo-message"
                rows={3}
                value={values.message}
                onChange={(e) => set('message', e.target.value)}
                className={input}
              />
            </div>
            <button type="submit" className="btn btn-primary w-full" disabled={sending}>
              {sending && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
              Request Demo
            </button>
          </form>
        )}
      </div>
    </dialog>
  );
}
