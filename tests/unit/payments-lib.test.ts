import { describe, expect, it } from 'vitest';
import { isFreshSignature, parseStripeSignature } from '../../src/lib/stripe-signature';
import { isAllowedReturnUrl, originOf, parseOrigins } from '../../src/lib/redirect-origins';
import { CHECKOUT_PLANS, PLAN_CATALOGUE, isCheckoutPlan, planName } from '../../src/lib/plan-catalogue';
import { nameFromEmail, validateAuthForm } from '../../src/lib/auth-form';
import { validateDemoRequest } from '../../src/lib/demo-request';

const SIG = 'a'.repeat(64);

describe('Stripe-Signature header', () => {
  it('parses the timestamp and every v1 signature', () => {
    expect(parseStripeSignature(`t=1700000000,v1=${SIG},v0=zzz,v1=${'b'.repeat(64)}`)).toEqual({
      timestamp: 1700000000,
      signatures: [SIG, 'b'.repeat(64)],
    });
  });
  it('rejects headers without a timestamp or a v1 signature', () => {
    for (const h of [undefined, '', 'garbage', `v1=${SIG}`, 't=1700000000', `t=abc,v1=${SIG}`, `t=1,v1=short`])
      expect(parseStripeSignature(h)).toBeNull();
  });
  it('accepts signatures up to 5 minutes old (or ahead)', () => {
    expect(isFreshSignature(1000, 1300)).toBe(true);
    expect(isFreshSignature(1000, 1301)).toBe(false);
    expect(isFreshSignature(1301, 1000)).toBe(false);
  });
});

describe('checkout return URLs', () => {
  const allowed = parseOrigins('https://app.example.com/, http://localhost:4321,not a url');
  it('normalizes the allow-list to origins', () => {
    expect(allowed).toEqual(['https://app.example.com', 'http://localhost:4321']);
    expect(originOf('HTTPS://App.Example.com:443/x')).toBe('https://app.example.com');
  });
  it('allows only absolute URLs on those origins', () => {
    expect(isAllowedReturnUrl('https://app.example.com/payment-success', allowed)).toBe(true);
    expect(isAllowedReturnUrl('http://localhost:4321/payment-cancel?x=1', allowed)).toBe(true);
    for (const u of [
      'https://app.example.com.evil.com/x',
      'https://evil.com/https://app.example.com',
      '/payment-success',
      'javascript:alert(1)',
      'https://app.example.com@evil.com/',
      'http://app.example.com/x',
      42,
    ]) {
      expect(isAllowedReturnUrl(u, allowed)).toBe(false);
    }
  });
});

describe('plan catalogue', () => {
  it('lists the five plans of the pricing page with their prices, Growth most popular', () => {
    expect(PLAN_CATALOGUE.map((p) => [p.name, p.price])).toEqual([
      ['Free', '$0'],
      ['Starter', '$79'],
      ['Growth', '$299'],
      ['Enterprise & Ecom', '$990'],
      ['Custom Enterprise', 'Custom'],
    ]);
    expect(PLAN_CATALOGUE.filter((p) => p.popular).map((p) => p.name)).toEqual(['Growth']);
  });
  it('links every feature to where it lives, the white label and ecommerce features included', () => {
    for (const plan of PLAN_CATALOGUE) for (const f of plan.features) expect(f.href, `${plan.name}: ${f.label}`).toMatch(/^(\/|#)/);
    const links = (key: string) => Object.fromEntries(PLAN_CATALOGUE.find((p) => p.key === key)!.features.map((f) => [f.label, f.href]));
    expect(links('enterprise')).toMatchObject({
      'Ecommerce features': '/dashboard/ecommerce',
      'White label': '/dashboard/settings?tab=brand',
    });
    expect(links('custom')['Multi-brand support']).toBe('/dashboard/settings?tab=brand');
  });
  it('sells exactly the three paid tiers through checkout', () => {
    expect([...CHECKOUT_PLANS]).toEqual(['starter', 'growth', 'enterprise']);
    expect(isCheckoutPlan('free')).toBe(false);
    expect(isCheckoutPlan('custom')).toBe(false);
    expect(planName('enterprise')).toBe('Enterprise & Ecom');
  });
});

describe('auth form', () => {
  it("needs a valid email and the server's 8+ characters to sign up, and both fields to log in", () => {
    expect(validateAuthForm('signup', 'a@b.co', '12345678')).toEqual({});
    expect(validateAuthForm('signup', 'nope', '1234567')).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
    });
    expect(validateAuthForm('signup', '', '')).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(validateAuthForm('login', 'a@b.co', '1')).toEqual({});
    expect(validateAuthForm('login', ' ', '')).toEqual({ email: 'Email is required', password: 'Password is required' });
  });
  it('names the user by the part of the email before the @', () => {
    expect(nameFromEmail('jane.doe@example.com')).toBe('jane.doe');
  });
});

describe('demo request', () => {
  it('requires name, a valid work email and company; trims the rest', () => {
    const ok = validateDemoRequest({
      name: ' Ada ',
      email: 'ada@x.io',
      company: 'X',
      website: '',
      monthly_visitors: '1,000,000+',
      message: 'hi',
    });
    expect(ok).toEqual({
      ok: true,
      value: { name: 'Ada', email: 'ada@x.io', company: 'X', website: '', monthly_visitors: '1,000,000+', message: 'hi' },
    });
    const bad = validateDemoRequest({ email: 'x', monthly_visitors: 'lots', name: 'a'.repeat(101) });
    expect(bad.ok === false && Object.keys(bad.errors).sort()).toEqual(['company', 'email', 'monthly_visitors', 'name']);
    expect(validateDemoRequest(null).ok).toBe(false);
  });
});
