/** Validation of the sign-up and login forms, shared with tests. */
export const PASSWORD_MIN_LENGTH = 6;

export type AuthMode = 'signup' | 'login';
export interface AuthErrors {
  email?: string;
  password?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email);
}

/** Sign-up: a valid email and a password of at least 6 characters. Login: both required. */
export function validateAuthForm(mode: AuthMode, email: string, password: string): AuthErrors {
  const errors: AuthErrors = {};
  const e = email.trim();
  if (!e) errors.email = 'Email is required';
  else if (mode === 'signup' && !isEmailAddress(e)) errors.email = 'Please enter a valid email address';
  if (!password) errors.password = 'Password is required';
  else if (mode === 'signup' && password.length < PASSWORD_MIN_LENGTH) {
    errors.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  }
  return errors;
}

/** The welcome mail's greeting: the part of the email before the @. */
export function nameFromEmail(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}
