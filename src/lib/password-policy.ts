/**
 * What the server accepts as a password: at least 8 characters and not one of the passwords
 * attackers try first. The sign-up form checks the same length (auth-form.ts).
 */
export const SERVER_PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_TOO_SHORT = `Password must be at least ${SERVER_PASSWORD_MIN_LENGTH} characters.`;
export const PASSWORD_TOO_COMMON = 'This password is too common. Please choose another one.';
export const PASSWORD_IS_EMAIL = 'Password must not contain your email address.';

/**
 * The reason a password is refused, or null. isCommon answers for the lowercased password
 * (the list lives outside the domain code: it is large and only sign-up needs it).
 */
export function passwordProblem(password: string, isCommon: (lowercased: string) => boolean, email = ''): string | null {
  if (password.length < SERVER_PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  const lower = password.toLowerCase();
  if (isCommon(lower)) return PASSWORD_TOO_COMMON;
  const local = email.toLowerCase().split('@')[0] ?? '';
  if (local.length >= 4 && lower.includes(local)) return PASSWORD_IS_EMAIL;
  return null;
}
