/**
 * The second step of signing in to an account with two-step sign-in: the password was right and
 * the server answered an mfaId. A code is mailed at once; the user enters it (authWithOTP with the
 * mfaId) or one of their recovery codes (/api/cro/mfa/recover). The session then appears and the
 * auth panel moves on to the dashboard.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { pb } from '../client/pb';
import { notify } from '../ui/toast';
import { apiErrorMessage } from '../lib/api-error';
import { MFA_CODE_LENGTH, codePrompt, normalizeEmailedCode, normalizeRecoveryCode } from '../lib/mfa';

const EXPIRED = 'Your sign-in has expired. Please sign in with your password again.';

/** A clear message for a refused code: PocketBase's own wording is terse. */
function codeError(err: unknown): { message: string; restart: boolean } {
  const e = err as { status?: number; response?: { message?: string } };
  const message = e?.response?.message ?? '';
  if (/MFA session/i.test(message)) return { message: EXPIRED, restart: true };
  if (e?.status === 400 && /OTP/.test(message)) {
    return { message: 'The code is wrong or has expired. Check the email, or send a new code.', restart: false };
  }
  return { message: apiErrorMessage(err), restart: message === EXPIRED };
}

export function SecondStep({ mfaId, email, onRestart }: { mfaId: string; email: string; onRestart: () => void }) {
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [otpId, setOtpId] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);
  const asked = useRef(false);

  async function sendCode(again: boolean) {
    setBusy(true);
    try {
      const res = await pb.collection('users').requestOTP(email, { requestKey: null });
      setOtpId(res.otpId);
      if (again) notify('Code sent', `We sent a new code to ${email}.`, 'success');
    } catch (err) {
      setError(apiErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    // Once, also under React's double effects in development.
    if (asked.current) return;
    asked.current = true;
    void sendCode(false);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (mode === 'code') {
      const digits = normalizeEmailedCode(value);
      if (!digits) return setError(`Enter the ${MFA_CODE_LENGTH}-digit code from the email.`);
      if (!otpId) return setError('The code is still being sent. Please wait a moment.');
      setBusy(true);
      try {
        await pb.collection('users').authWithOTP(otpId, digits, { mfaId, requestKey: null });
      } catch (err) {
        const refused = codeError(err);
        setError(refused.message);
        setExpired(refused.restart);
        setBusy(false);
      }
      return;
    }
    const code = normalizeRecoveryCode(value);
    if (!code) return setError('Enter one of your recovery codes, for example k7m2p-x9d4r.');
    setBusy(true);
    try {
      const res = await pb.send<{ token: string; record: Record<string, unknown> }>('/api/cro/mfa/recover', {
        method: 'POST',
        body: { mfaId, code },
        requestKey: null,
      });
      pb.authStore.save(res.token, res.record as never);
      notify('Signed in with a recovery code', 'That code is used up. Make new ones in Settings -> Account when few are left.', 'success');
    } catch (err) {
      const refused = codeError(err);
      setError(refused.message);
      setExpired(refused.restart);
      setBusy(false);
    }
  }

  function switchMode() {
    setMode(mode === 'code' ? 'recovery' : 'code');
    setValue('');
    setError(null);
  }

  const id = mode === 'code' ? 'auth-code' : 'auth-recovery';
  return (
    <div>
      <h2 className="text-lg font-semibold">Two-step sign-in</h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="auth-code-prompt">
        {mode === 'code' ? codePrompt(email) : 'Enter one of the recovery codes you saved when you turned on two-step sign-in.'}
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-ink">
            {mode === 'code' ? 'Code' : 'Recovery code'}
          </label>
          <input
            id={id}
            name={id}
            type="text"
            inputMode={mode === 'code' ? 'numeric' : 'text'}
            autoComplete={mode === 'code' ? 'one-time-code' : 'off'}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={mode === 'code' ? 12 : 20}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`mt-1 block w-full rounded-lg border px-3 py-2.5 text-sm tracking-widest ${error ? 'border-red-500' : 'border-slate-300'} focus:border-brand-500`}
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary w-full" disabled={busy || expired}>
          {busy && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
          Verify
        </button>
      </form>
      <div className="mt-4 flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
        {mode === 'code' && !expired && (
          <button type="button" className="link" disabled={busy} onClick={() => void sendCode(true)}>
            Send a new code
          </button>
        )}
        {!expired && (
          <button type="button" className="link" onClick={switchMode}>
            {mode === 'code' ? 'Use a recovery code' : 'Use the emailed code'}
          </button>
        )}
        <button type="button" className="link" onClick={onRestart}>
          Back to login
        </button>
      </div>
    </div>
  );
}
