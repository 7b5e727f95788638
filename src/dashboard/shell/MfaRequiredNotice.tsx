/**
 * Shown on every screen while a team the user is on requires two-step sign-in and the user has not
 * turned it on: that site's records are closed to them (the server leaves them out of its access
 * lists) until they do, in Settings -> Account.
 */
import { useStore } from '@nanostores/react';
import { $mfa } from '../data/mfa';
import { navigate } from '../data/router';

export function MfaRequiredNotice() {
  const status = useStore($mfa);
  if (!status || status.enabled || status.required_by.length === 0) return null;
  const domains = status.required_by.map((s) => s.domain).join(', ');
  return (
    <div
      role="status"
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="mfa-required"
    >
      The team of <strong>{domains}</strong> requires two-step sign-in: you cannot open{' '}
      {status.required_by.length === 1 ? 'that site' : 'those sites'} until you turn it on in Settings, Account.{' '}
      <button type="button" className="font-medium underline" onClick={() => navigate('/dashboard/settings?tab=account')}>
        Set it up
      </button>
    </div>
  );
}
