/**
 * Contact form of /contact. Validates with the rules the server uses (src/lib/contact.ts),
 * posts to /api/cro/contact, and shows a success toast or clear errors per field. Without
 * JavaScript the form posts itself and the server answers with pages (see contact.pb.js).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { notify } from '../ui/toast';
import { CONTACT_LIMITS, validateContact, type ContactErrors, type ContactField, type ContactMessage } from '../lib/contact';

const EMPTY: ContactMessage = { name: '', email: '', subject: '', message: '' };

const FIELDS: { id: ContactField; label: string; type: 'text' | 'email' | 'textarea'; autoComplete?: string }[] = [
  { id: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { id: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { id: 'subject', label: 'Subject', type: 'text' },
  { id: 'message', label: 'Message', type: 'textarea' },
];

/** Reads the server's per-field messages from a PocketBase 400 body. */
function fieldErrors(body: unknown): ContactErrors {
  const data = (body as { data?: Record<string, { message?: string }> } | null)?.data ?? {};
  const errors: ContactErrors = {};
  for (const f of FIELDS) if (data[f.id]?.message) errors[f.id] = data[f.id]!.message;
  return errors;
}

export default function ContactForm({ email }: { email: string }) {
  const [values, setValues] = useState<ContactMessage>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // Without JavaScript the browser's own checks (required, email, max length) guard the plain
  // post; once hydrated, the shared rules take over with their own messages.
  useEffect(() => {
    if (form.current) form.current.noValidate = true;
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateContact(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = FIELDS.find((f) => checked.errors[f.id]);
      if (first) document.getElementById(`contact-${first.id}`)?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const res = await fetch('/api/cro/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(checked.value),
      });
      if (res.ok) {
        setValues(EMPTY);
        notify('Message sent!', `Thanks, ${checked.value.name}. We reply within one business day.`, 'success');
      } else if (res.status === 429) {
        notify('Too many messages', `Please wait a few minutes before sending another message, or email us at ${email}.`, 'destructive');
      } else if (res.status === 400) {
        setErrors(fieldErrors(await res.json().catch(() => null)));
        notify('Message not sent', 'Please correct the highlighted fields.', 'destructive');
      } else {
        throw new Error(`HTTP ${res.status}`);
      }
    } catch {
      notify('Message not sent', `Something went wrong. Please try again, or email us at ${email}.`, 'destructive');
    } finally {
      setSending(false);
    }
  }

  const input = (invalid: boolean) =>
    `mt-1.5 block w-full rounded-lg border px-3 py-2.5 text-base text-ink shadow-sm ${invalid ? 'border-red-500' : 'border-slate-300 focus:border-brand-500'}`;

  return (
    <form ref={form} onSubmit={onSubmit} method="post" action="/api/cro/contact" className="space-y-5" aria-label="Contact form">
      {FIELDS.map((f) => {
        const id = `contact-${f.id}`;
        const error = errors[f.id];
        const common = {
          id,
          name: f.id,
          value: values[f.id],
          maxLength: CONTACT_LIMITS[f.id].max,
          required: true,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          className: input(Boolean(error)),
          onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f.id]: e.target.value })),
        };
        return (
          <div key={f.id}>
            <label htmlFor={id} className="block text-sm font-semibold text-ink">
              {f.label}
            </label>
            {f.type === 'textarea' ? <textarea {...common} rows={6} /> : <input {...common} type={f.type} autoComplete={f.autoComplete} />}
            {error && (
              <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" disabled={sending} className="btn btn-primary btn-lg w-full sm:w-auto disabled:opacity-60">
        {sending && <Loader2 aria-hidden="true" className="size-4 animate-spin" />} Send Message
      </button>
    </form>
  );
}
