/**
 * Contact form validation, the same in the browser (ContactForm island) and on the server
 * (pb_hooks/contact.pb.js). Only the four known fields are read; anything else is ignored.
 */

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactMessage = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const CONTACT_LIMITS: Record<ContactField, { min: number; max: number }> = {
  name: { min: 1, max: 100 },
  email: { min: 3, max: 254 },
  subject: { min: 3, max: 200 },
  message: { min: 10, max: 5000 },
};

const LABELS: Record<ContactField, string> = { name: 'Name', email: 'Email', subject: 'Subject', message: 'Message' };
const REQUIRED: Record<ContactField, string> = {
  name: 'Please enter your name.',
  email: 'Please enter your email address.',
  subject: 'Please enter a subject.',
  message: 'Please enter a message.',
};
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';

// One local part, one domain of at least two labels (like the browser's type="email" plus a dot).
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= CONTACT_LIMITS.email.max && EMAIL_PATTERN.test(email) && !email.includes('..');
}

export type ContactValidation = { ok: true; value: ContactMessage } | { ok: false; errors: ContactErrors };

/** Trims each field, checks presence, lengths and the email format; one message per bad field. */
export function validateContact(input: unknown): ContactValidation {
  const source = input !== null && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  const value = {} as ContactMessage;
  const errors: ContactErrors = {};

  for (const field of CONTACT_FIELDS) {
    const raw = source[field];
    const text = typeof raw === 'string' ? raw.trim() : '';
    value[field] = text;
    const { min, max } = CONTACT_LIMITS[field];
    if (raw !== undefined && raw !== null && typeof raw !== 'string') errors[field] = `${LABELS[field]} must be text.`;
    else if (text.length === 0) errors[field] = REQUIRED[field];
    else if (text.length > max) errors[field] = `${LABELS[field]} must be at most ${max} characters.`;
    else if (field === 'email' && !isValidEmail(text)) errors[field] = INVALID_EMAIL_MESSAGE;
    else if (text.length < min) errors[field] = `${LABELS[field]} must be at least ${min} characters.`;
  }

  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value };
}
