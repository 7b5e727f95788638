/** Shown where a free plan can save an optimization but not deploy it. */
export function PaidPlanNotice() {
  return (
    <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
      Deploying optimizations requires a paid plan.{' '}
      <a href="/pricing" className="font-medium underline">
        Upgrade
      </a>
    </p>
  );
}
