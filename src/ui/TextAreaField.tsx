/** A labelled multi-line text input. */
import type { TextareaHTMLAttributes } from 'react';

export function TextAreaField({ label, id, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; id: string }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea id={id} className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm" {...rest} />
    </div>
  );
}
