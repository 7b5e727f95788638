/**
 * /auth: one screen, tabs Sign Up (default) and Login, and a forgot-password form. Sends the
 * user to /dashboard as soon as a session exists or appears (also from another tab). An account
 * with two-step sign-in answers the password with an mfaId: the code step (SecondStep) follows.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Loader2 } from 'lucide-react';
import { pb } from '../client/pb';
import { $user, initSession } from '../client/session';
import { notify, notifyAcrossNavigation } from '../ui/toast';
import { apiErrorMessage } from '../lib/api-error';
import { PASSWORD_HINT, validateAuthForm, type AuthErrors, type AuthMode } from '../lib/auth-form';
import { SecondStep } from './AuthSecondStep';

type View = AuthMode | 'forgot';

/** How long the sign-up toast stays on screen before the move to the dashboard. */
const WELCOME_DELAY_MS = 1200;

export default function AuthPanel() {
  const user = useStore($user);
  const [view, setView] = useState<View>('signup');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<AuthErrors>({});
  const [busy, setBusy] = useState(false);
  const [welcoming, setWelcoming] = useState(false);
  /** Set when the password was right and the account asks for its second step. */
  const [mfa, setMfa] = useState<{ mfaId: string; email: string } | null>(null);

  useEffect(() => initSession(), []);
  // Once only: the session refresh on load replaces the user record, and a second replace()
  // would abort the navigation already under way.
  const leaving = useRef(false);
  useEffect(() => {
    if (!user || leaving.current) return;
    const timer = setTimeout(
      () => {
        leaving.current = true;
        window.location.replace('/dashboard');
      },
      welcoming ? WELCOME_DELAY_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [user, welcoming]);

  function switchTo(next: View) {
    setView(next);
    setErrors({});
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (view === 'forgot') return requestReset();
    const found = validateAuthForm(view, email, password);
    setErrors(found);
    if (found.email || found.password) return;
    setBusy(true);
    const address = email.trim();
    const users = pb.collection('users');
    if (view === 'signup') {
      try {
        await users.create({ email: address, password, passwordConfirm: password }, { requestKey: null });
      } catch (err) {
        setBusy(false);
        return notify('Sign up failed', apiErrorMessage(err), 'destructive');
      }
      try {
        setWelcoming(true);
        await users.authWithPassword(address, password, { requestKey: null });
        // Carried: the move to the dashboard follows, and a slow device may leave before it is read.
        notifyAcrossNavigation('Welcome! 🎉', 'success', 'Your account has been created. Check your email for a welcome message!');
      } catch (err) {
        setWelcoming(false);
        setBusy(false);
        notify('Sign up failed', apiErrorMessage(err), 'destructive');
      }
      return;
    }
    try {
      await users.authWithPassword(address, password, { requestKey: null });
    } catch (err) {
      setBusy(false);
      const mfaId = mfaIdOf(err);
      if (mfaId) return setMfa({ mfaId, email: address });
      notify('Sign in failed', apiErrorMessage(err), 'destructive');
    }
  }

  async function requestReset() {
    const found = validateAuthForm('signup', email, 'unused');
    setErrors(found.email ? { email: found.email } : {});
    if (found.email) return;
    setBusy(true);
    try {
      await pb.collection('users').requestPasswordReset(email.trim(), { requestKey: null });
      notify('Check your email', `If an account exists for ${email.trim()}, we sent a link to reset your password.`, 'success');
      switchTo('login');
    } catch (err) {
      notify('Password reset failed', apiErrorMessage(err), 'destructive');
    } finally {
      setBusy(false);
    }
  }

  if (user) {
    return (
      <p className="flex items-center justify-center gap-2 py-10 text-slate-600" role="status">
        <Loader2 className="size-5 animate-spin" aria-hidden="true" /> Opening your dashboard...
      </p>
    );
  }

  if (mfa) {
    return (
      <SecondStep
        mfaId={mfa.mfaId}
        email={mfa.email}
        onRestart={() => {
          setMfa(null);
          setPassword('');
          switchTo('login');
        }}
      />
    );
  }

  const submitLabel = view === 'signup' ? 'Create Account' : view === 'login' ? 'Sign In' : 'Send Reset Link';
  return (
    <div>
      {view !== 'forgot' ? (
        <div role="tablist" aria-label="Sign up or log in" className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
          {(['signup', 'login'] as const).map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              id={`tab-${tab}`}
              aria-selected={view === tab}
              aria-controls="auth-form"
              onClick={() => switchTo(tab)}
              className={`min-h-10 rounded-md text-sm font-semibold ${view === tab ? 'bg-white text-ink shadow-sm' : 'text-slate-600 hover:text-ink'}`}
            >
              {tab === 'signup' ? 'Sign Up' : 'Login'}
            </button>
          ))}
        </div>
      ) : (
        <div>
          <h2 className="text-lg font-semibold">Reset your password</h2>
          <p className="mt-1 text-sm text-slate-600">Enter your account's email and we will send you a link to choose a new password.</p>
        </div>
      )}

      <form
        id="auth-form"
        role={view === 'forgot' ? undefined : 'tabpanel'}
        aria-labelledby={view === 'forgot' ? undefined : `tab-${view}`}
        noValidate
        onSubmit={onSubmit}
        className="mt-6 space-y-4"
      >
        <Field
          id="auth-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={errors.email}
          placeholder="you@company.com"
        />
        {view !== 'forgot' && (
          <Field
            id="auth-password"
            label="Password"
            type="password"
            autoComplete={view === 'signup' ? 'new-password' : 'current-password'}
            value={password}
            onChange={setPassword}
            error={errors.password}
            hint={view === 'signup' ? PASSWORD_HINT : undefined}
          />
        )}
        <button type="submit" className="btn btn-primary w-full" disabled={busy}>
          {busy && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
          {submitLabel}
        </button>
      </form>

      <div className="mt-4 text-center text-sm">
        {view === 'login' && (
          <button type="button" className="link" onClick={() => switchTo('forgot')}>
            Forgot password?
          </button>
        )}
        {view === 'forgot' && (
          <button type="button" className="link" onClick={() => switchTo('login')}>
            Back to login
          </button>
        )}
      </div>
    </div>
  );
}

/** The mfaId of PocketBase's 401 answer to a right password of an account with two-step sign-in. */
function mfaIdOf(err: unknown): string | null {
  const e = err as { status?: number; response?: { mfaId?: unknown } };
  return e?.status === 401 && typeof e.response?.mfaId === 'string' ? e.response.mfaId : null;
}

interface FieldProps {
  id: string;
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  placeholder?: string;
}

function Field({ id, label, type, autoComplete, value, onChange, error, hint, placeholder }: FieldProps) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        name={id}
        type={type}
        autoComplete={autoComplete}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 block w-full rounded-lg border px-3 py-2.5 text-sm ${error ? 'border-red-500' : 'border-slate-300'} focus:border-brand-500`}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
