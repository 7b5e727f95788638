/**
 * The signed-in user's two-step sign-in (Settings -> Account) and a site owner's requirement of it
 * for the team (Team). Turning it on or off, and new recovery codes, are confirmed with a code the
 * server mails to the user (requestMfaCode first).
 */
import { computed } from 'nanostores';
import { pb } from '../../client/pb';
import { createLiveStore } from './liveStore';
import { $user, $userId } from './session';
import { refetchSites } from './sites';

export interface MfaStatus {
  enabled: boolean;
  recovery_codes_left: number;
  /** The sites the user works on whose owner requires it. */
  required_by: { site_id: string; domain: string }[];
}

const state = createLiveStore<MfaStatus, string>({
  name: 'two-step sign-in',
  key: $userId,
  load: () => pb.send<MfaStatus>('/api/cro/mfa', { requestKey: null }),
});

/** undefined while loading. */
export const $mfa = computed(state, (s) => s.value);
export const $mfaError = computed(state, (s) => s.error);
export const refreshMfa = () => state.refetch();

/** Mails a code to the signed-in user; resolves to the id the confirmation sends back with it. */
export async function requestMfaCode(): Promise<string> {
  const email = $user.get()?.email;
  if (typeof email !== 'string' || !email) throw new Error('Sign in again to change two-step sign-in.');
  return (await pb.collection('users').requestOTP(email, { requestKey: null })).otpId;
}

const post = <T>(path: string, body: unknown) => pb.send<T>(path, { method: 'POST', body, requestKey: null });

/** Turns it on; resolves to the recovery codes, shown once. */
export async function enableMfa(otpId: string, code: string): Promise<string[]> {
  const res = await post<{ recovery_codes: string[] }>('/api/cro/mfa/enable', { otpId, code });
  // Sites whose owner requires it open now.
  await Promise.all([refreshMfa(), refetchSites()]);
  return res.recovery_codes;
}

export async function disableMfa(otpId: string, code: string): Promise<void> {
  await post('/api/cro/mfa/disable', { otpId, code });
  await refreshMfa();
}

/** New recovery codes (the old ones stop working); shown once. */
export async function newRecoveryCodes(otpId: string, code: string): Promise<string[]> {
  const res = await post<{ recovery_codes: string[] }>('/api/cro/mfa/recovery-codes', { otpId, code });
  await refreshMfa();
  return res.recovery_codes;
}

/** The site owner's switch: everyone on the team must use two-step sign-in. */
export const setSiteRequiresMfa = (siteId: string, required: boolean) =>
  post<{ required: boolean }>(`/api/cro/sites/${encodeURIComponent(siteId)}/require-mfa`, { required });
