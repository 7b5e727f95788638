// Entry of the hooks bundle: everything the server shares with the browser.
export * from './site-type';
export * from './domain-name';
export * from './plans';
export * from './roles';
export * from './contact';
export * from './roi';
export * from './plan-catalogue';
export * from './billing-events';
export * from './stripe-signature';
export * from './auth-form';
export * from './demo-request';
export * from './redirect-origins';
export * from './integrations';
export * from './audit';
export * from './assignment';
export * from './rule-changes';
export * from './health';
export type * from './contracts/analytics-totals';
