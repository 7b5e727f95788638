/** The enterprise demo form (Book Demo): fields, limits and validation shared by UI and server. */
import { isEmailAddress } from './auth-form';

export const DEMO_VISITOR_RANGES = ['Under 100,000', '100,000 - 500,000', '500,000 - 1,000,000', '1,000,000+'] as const;
/** Demo requests accepted from one client address per hour. */
export const DEMO_REQUESTS_PER_HOUR = 3;

export interface DemoRequest {
  name: string;
  email: string;
  company: string;
  website: string;
  monthly_visitors: string;
  message: string;
}
export type DemoErrors = Partial<Record<keyof DemoRequest, string>>;

const LIMITS: Record<keyof DemoRequest, number> = {
  name: 100,
  email: 254,
  company: 200,
  website: 500,
  monthly_visitors: 50,
  message: 5000,
};

export function validateDemoRequest(input: unknown): { ok: true; value: DemoRequest } | { ok: false; errors: DemoErrors } {
  const src = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const value = {} as DemoRequest;
  const errors: DemoErrors = {};
  for (const key of Object.keys(LIMITS) as (keyof DemoRequest)[]) {
    const raw = src[key];
    value[key] = typeof raw === 'string' ? raw.trim() : '';
    if (value[key].length > LIMITS[key]) errors[key] = `Must be at most ${LIMITS[key]} characters`;
  }
  if (!value.name) errors.name = 'Name is required';
  if (!value.email) errors.email = 'Work email is required';
  else if (!isEmailAddress(value.email)) errors.email = 'Please enter a valid email address';
  if (!value.company) errors.company = 'Company is required';
  if (value.monthly_visitors && !(DEMO_VISITOR_RANGES as readonly string[]).includes(value.monthly_visitors)) {
    errors.monthly_visitors = 'Please choose a range';
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value };
}
