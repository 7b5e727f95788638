/**
 * The five plan cards of /pricing and the checkout state machine:
 * Free goes to /auth; a paid plan needs a session; while a checkout starts every button but
 * Free is disabled and reads 'Loading...' (Custom Enterprise keeps 'Book Demo'); success opens
 * Stripe Checkout, failure clears the loading state. Custom Enterprise opens the demo form.
 */
import { useRef, useState } from 'react';
import { Check, Loader2 } from 'lucide-react';
import { pb } from '../client/pb';
import { createCheckoutSession } from '../client/billing';
import { notify, notifyAcrossNavigation } from '../ui/toast';
import { isCheckoutPlan, PLAN_CATALOGUE, type PlanCard, type PlanFeature } from '../lib/plan-catalogue';
import PricingDemoDialog, { type DemoDialogHandle } from './PricingDemoDialog';

/** The server's 503 answer when no Stripe key is set. */
const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured';

/** Time to read the sign-in toast before the move to /auth. */
const TOAST_READ_MS = 1200;

export default function PricingPlans({ supportEmail }: { supportEmail: string }) {
  const [loading, setLoading] = useState(false);
  const demo = useRef<DemoDialogHandle>(null);

  async function choose(plan: string) {
    if (plan === 'free') return window.location.assign('/auth');
    if (plan === 'custom') return demo.current?.open();
    if (!isCheckoutPlan(plan)) return notify('Invalid plan selected', undefined, 'destructive');
    if (!pb.authStore.isValid) {
      notifyAcrossNavigation('Please sign up or log in first', 'destructive');
      setTimeout(() => window.location.assign('/auth'), TOAST_READ_MS);
      return;
    }
    setLoading(true);
    try {
      const url = await createCheckoutSession(plan);
      notify('Opening secure checkout...');
      window.location.assign(url);
    } catch (err) {
      console.error('checkout failed', err);
      const status = (err as { status?: number }).status;
      if (status === 503) {
        // Trying again cannot help: this install takes no payments, and its operator sets plans.
        notify(
          PAYMENTS_NOT_CONFIGURED,
          `This install takes no card payments. Contact ${supportEmail} to have your plan set.`,
          'destructive',
        );
      } else {
        const detail = status === 409 ? (err as { response?: { message?: string } }).response?.message : undefined;
        notify('Failed to start checkout. Please try again.', detail, 'destructive');
      }
      setLoading(false);
    }
  }

  return (
    <>
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5" role="list">
        {PLAN_CATALOGUE.map((plan) => (
          <li key={plan.key} className={`card relative flex flex-col ${plan.popular ? 'border-2 border-brand-600 shadow-lg' : ''}`}>
            {plan.popular && (
              <span className="badge absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap bg-brand-600 text-white">
                Most Popular
              </span>
            )}
            <h2 className="text-lg font-semibold">{plan.name}</h2>
            <p className="mt-3">
              <span className="text-4xl font-extrabold text-ink">{plan.price}</span>
              {plan.period && <span className="ml-1 text-sm text-slate-600">{plan.period}</span>}
            </p>
            <p className="mt-3 text-sm text-slate-600">{plan.description}</p>
            <ul className="mt-5 flex-1 space-y-2 text-sm" aria-label={`${plan.name} features`}>
              {plan.features.map((f) => (
                <li key={f.label} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                  <FeatureLabel feature={f} />
                </li>
              ))}
            </ul>
            <PlanButton plan={plan} loading={loading} onChoose={choose} />
          </li>
        ))}
      </ul>
      <PricingDemoDialog ref={demo} supportEmail={supportEmail} />
    </>
  );
}

/** A feature links to where it lives. */
function FeatureLabel({ feature }: { feature: PlanFeature }) {
  if (!feature.href) return <span>{feature.label}</span>;
  return (
    <a href={feature.href} className="underline decoration-slate-300 underline-offset-2 hover:decoration-brand-600">
      {feature.label}
    </a>
  );
}

function PlanButton({ plan, loading, onChoose }: { plan: PlanCard; loading: boolean; onChoose: (key: string) => void }) {
  const disabled = loading && plan.key !== 'free';
  const idle = plan.key === 'free' ? 'Get Started Free' : plan.key === 'custom' ? 'Book Demo' : 'Get Started';
  const label = disabled && plan.key !== 'custom' ? 'Loading...' : idle;
  return (
    <button
      type="button"
      className={`btn mt-6 w-full ${plan.popular ? 'btn-primary' : 'btn-secondary'}`}
      disabled={disabled}
      aria-label={label === idle && plan.key !== 'free' && plan.key !== 'custom' ? `${idle} with ${plan.name}` : undefined}
      onClick={() => onChoose(plan.key)}
    >
      {disabled && plan.key !== 'custom' && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
      {label}
    </button>
  );
}
