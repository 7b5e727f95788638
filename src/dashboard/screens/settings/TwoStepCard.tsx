/**
 * Settings -> Account, "Two-step sign-in": turning it on or off and new recovery codes, each
 * confirmed with a code mailed to the user. The recovery codes are shown once, here.
 */
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { MFA_CODE_LENGTH, normalizeEmailedCode } from '../../../lib/mfa';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { CopyButton } from '../../../ui/CopyButton';
import { FormError } from '../../../ui/FormError';
import { Spinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import { notify } from '../../../ui/toast';
import { errorMessage } from '../../data/errors';
import { $mfa, $mfaError, disableMfa, enableMfa, newRecoveryCodes, requestMfaCode } from '../../data/mfa';
import { $user } from '../../data/session';

type Action = 'enable' | 'disable' | 'codes';

const CONFIRM_LABEL: Record<Action, string> = {
  enable: 'Turn on',
  disable: 'Turn off',
  codes: 'Make new codes',
};

export function TwoStepCard() {
  const status = useStore($mfa);
  const loadError = useStore($mfaError);
  const email = String(useStore($user)?.email ?? '');
  const [pending, setPending] = useState<{ action: Action; otpId: string } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);

  async function start(action: Action) {
    setBusy(true);
    setError(null);
    try {
      setPending({ action, otpId: await requestMfaCode() });
      setCode('');
    } catch (err) {
      setError(errorMessage(err, 'Could not send the code'));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!pending) return;
    const digits = normalizeEmailedCode(code);
    if (!digits) return setError(`Enter the ${MFA_CODE_LENGTH}-digit code from the email.`);
    setBusy(true);
    setError(null);
    try {
      if (pending.action === 'enable') {
        setShownCodes(await enableMfa(pending.otpId, digits));
        notify('Two-step sign-in is on', 'Save your recovery codes now: they are shown only once.', 'success');
      } else if (pending.action === 'codes') {
        setShownCodes(await newRecoveryCodes(pending.otpId, digits));
        notify('New recovery codes', 'Your old recovery codes no longer work.', 'success');
      } else {
        await disableMfa(pending.otpId, digits);
        notify('Two-step sign-in is off', 'Signing in needs only your password again.', 'success');
      }
      setPending(null);
    } catch (err) {
      setError(errorMessage(err, 'Could not confirm the code'));
    } finally {
      setBusy(false);
    }
  }

  if (status === undefined) {
    return (
      <Card title="Two-step sign-in">{loadError ? <FormError error={errorMessage(loadError, 'Could not load')} /> : <Spinner />}</Card>
    );
  }
  const required = status.required_by.map((s) => s.domain).join(', ');
  return (
    <Card title="Two-step sign-in" testId="two-step">
      <p className="text-sm text-slate-600">
        After your password, sign-in asks for a {MFA_CODE_LENGTH}-digit code we email to <strong>{email}</strong>, so a stolen password
        alone opens nothing.
      </p>
      <p className="mt-2 text-sm font-medium text-slate-900" data-testid="two-step-state">
        {status.enabled ? `On · ${status.recovery_codes_left} of 8 recovery codes left` : 'Off'}
      </p>
      {required && (
        <p className="mt-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900" data-testid="two-step-required">
          {status.enabled
            ? `Required by the team of ${required}: it stays on while you are a member.`
            : `The team of ${required} requires two-step sign-in: turn it on to open it.`}
        </p>
      )}

      {shownCodes && (
        <div role="status" className="mt-3 rounded-md border border-emerald-300 bg-emerald-50 p-3" data-testid="recovery-codes">
          <p className="text-sm font-medium text-emerald-900">
            Your recovery codes: save them somewhere safe now, they are shown only this once. Each one signs you in once instead of the
            emailed code, if you cannot read your email.
          </p>
          <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm">
            {shownCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <div className="mt-2 flex gap-2">
            <CopyButton value={shownCodes.join('\n')} />
            <Button variant="ghost" onClick={() => setShownCodes(null)}>
              I saved them
            </Button>
          </div>
        </div>
      )}

      {pending ? (
        <form className="mt-3 grid max-w-sm gap-3" onSubmit={(e) => void confirm(e)} noValidate>
          <TextField
            id="two-step-code"
            label="Code"
            hint={`We sent a ${MFA_CODE_LENGTH}-digit code to ${email}. It expires in 5 minutes.`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            value={code}
            disabled={busy}
            onChange={(e) => setCode(e.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy} variant={pending.action === 'disable' ? 'destructive' : 'primary'}>
              {CONFIRM_LABEL[pending.action]}
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => void start(pending.action)}>
              Send a new code
            </Button>
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => {
                setPending(null);
                setError(null);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          {status.enabled ? (
            <>
              <Button variant="outline" disabled={busy} onClick={() => void start('codes')}>
                New recovery codes
              </Button>
              <Button variant="outline" disabled={busy || Boolean(required)} onClick={() => void start('disable')}>
                Turn off
              </Button>
            </>
          ) : (
            <Button disabled={busy} onClick={() => void start('enable')}>
              Turn on two-step sign-in
            </Button>
          )}
        </div>
      )}
      <div className="mt-2">
        <FormError error={error} />
      </div>
    </Card>
  );
}
