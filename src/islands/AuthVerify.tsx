/** /auth/verify?token=...: confirms the email address with the token from the verification mail. */
import { useEffect, useState } from 'react';
import { Loader2 } from 'lucide-react';
import { pb } from '../client/pb';
import { useBrowserValue } from '../ui/useBrowserValue';

const readToken = () => new URLSearchParams(window.location.search).get('token') ?? '';

type State = 'checking' | 'verified' | 'failed';

export default function AuthVerify() {
  const token = useBrowserValue<string | null>(readToken, null);
  const [result, setResult] = useState<State>('checking');
  // A link without a token fails at once; the server's render waits for the browser's.
  const state: State = token === '' ? 'failed' : result;

  useEffect(() => {
    if (!token) return;
    pb.collection('users')
      .confirmVerification(token, { requestKey: null })
      .then(() => {
        setResult('verified');
        // Refresh a signed-in session so that it carries verified = true.
        if (pb.authStore.isValid)
          pb.collection('users')
            .authRefresh({ requestKey: null })
            .catch(() => undefined);
      })
      .catch(() => setResult('failed'));
  }, [token]);

  if (state === 'checking') {
    return (
      <p role="status" className="flex items-center gap-2">
        <Loader2 className="size-5 animate-spin" aria-hidden="true" /> Verifying your email...
      </p>
    );
  }
  if (state === 'verified') {
    return (
      <div role="status">
        <p className="text-lg font-semibold text-ink">Email verified</p>
        <p className="mt-2">Thank you! Your email address is confirmed.</p>
        <a href="/dashboard" className="btn btn-primary mt-6 w-full">
          Go to Dashboard
        </a>
      </div>
    );
  }
  return (
    <div role="alert">
      <p className="text-lg font-semibold text-ink">Verification failed</p>
      <p className="mt-2">
        This link is invalid or has expired. Log in and ask for a new verification mail from Account Settings, or contact support.
      </p>
      <a href="/auth" className="btn btn-secondary mt-6 w-full">
        Go to Login
      </a>
    </div>
  );
}
