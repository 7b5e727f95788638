/** Shown where a free plan can save an optimization or a test but not deploy or start it. */
export function PaidPlanNotice({ children = 'Deploying optimizations requires a paid plan.' }: { children?: string }) {
  return (
    <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900" data-testid="paid-plan-notice">
      {children}{' '}
      <a href="/pricing" className="font-medium underline">
        Upgrade
      </a>
    </p>
  );
}
