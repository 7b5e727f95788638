/** /auth/reset-password?token=...: choose a new password with the token from the reset mail. */
import { useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { pb } from '../client/pb';
import { notify } from '../ui/toast';
import { apiErrorMessage } from '../lib/api-error';
import { PASSWORD_MIN_LENGTH } from '../lib/auth-form';
import { useBrowserValue } from '../ui/useBrowserValue';

const readToken = () => new URLSearchParams(window.location.search).get('token') ?? '';

export default function AuthResetPassword() {
  const token = useBrowserValue<string | null>(readToken, null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) return setError(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
    if (password !== confirm) return setError('The passwords do not match');
    setError('');
    setBusy(true);
    try {
      await pb.collection('users').confirmPasswordReset(token ?? '', password, confirm, { requestKey: null });
      setDone(true);
      notify('Password updated', 'You can now log in with your new password.', 'success');
    } catch (err) {
      notify('Password reset failed', apiErrorMessage(err, 'The link is invalid or has expired.'), 'destructive');
    } finally {
      setBusy(false);
    }
  }

  if (token === null) return null;
  if (!token) {
    return (
      <p role="alert">
        This reset link is incomplete.{' '}
        <a className="link" href="/auth">
          Request a new one
        </a>{' '}
        from the login screen.
      </p>
    );
  }
  if (done) {
    return (
      <div role="status">
        <p>Your password has been changed.</p>
        <a href="/auth" className="btn btn-primary mt-6 w-full">
          Go to Login
        </a>
      </div>
    );
  }
  const passwordFields = [
    { id: 'new-password', label: 'New password', value: password, set: setPassword },
    { id: 'confirm-password', label: 'Confirm new password', value: confirm, set: setConfirm },
  ];
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {passwordFields.map(({ id, label, value, set }) => (
        <div key={id}>
          <label htmlFor={id} className="block text-sm font-medium text-ink">
            {label}
          </label>
          <input
            id={id}
            type="password"
            autoComplete="new-password"
            value={value}
            onChange={(e) => set(e.target.value)}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-sm"
            aria-describedby="reset-error"
          />
        </div>
      ))}
      <p id="reset-error" className="min-h-5 text-sm text-red-700" role={error ? 'alert' : undefined}>
        {error}
      </p>
      <button type="submit" className="btn btn-primary w-full" disabled={busy}>
        {busy && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
        Set New Password
      </button>
    </form>
  );
}
