/**
 * Two-step sign-in: the emailed one-time code and the recovery codes, shared by the sign-in
 * form, Account Settings and the hooks (pocketbase/pb_hooks/mfa.pb.js).
 */

/** Digits in the emailed code (the users collection's otp.length). */
export const MFA_CODE_LENGTH = 6;
/** Recovery codes made at enrolment, each usable once instead of the emailed code. */
export const RECOVERY_CODE_COUNT = 8;
/** Alphabet of recovery codes: no 0/o, 1/l/i, so a code read off paper is typed right. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Characters in a recovery code, shown as two groups of five ("k7m2p-x9d4r"). */
export const RECOVERY_CODE_CHARS = 10;

/** The code step's prompt after a password was accepted. */
export function codePrompt(email: string): string {
  return `Enter the ${MFA_CODE_LENGTH}-digit code we sent to ${email}`;
}

/** The digits of an entered emailed code (spaces and dashes dropped), or null when it cannot be one. */
export function normalizeEmailedCode(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`).test(digits) ? digits : null;
}

/** A recovery code as shown: two groups of five. */
export function formatRecoveryCode(raw: string): string {
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/** An entered recovery code in the stored form (lower case, no spaces or dashes), or null when it cannot be one. */
export function normalizeRecoveryCode(input: string): string | null {
  const raw = input.replace(/[\s-]/g, '').toLowerCase();
  if (raw.length !== RECOVERY_CODE_CHARS) return null;
  for (const ch of raw) if (RECOVERY_CODE_ALPHABET.indexOf(ch) < 0) return null;
  return raw;
}
