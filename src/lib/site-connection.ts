/**
 * Whether a site is connected: Active, by either way of connecting it. Delegating the domain to the
 * install's nameservers sets `dns_verified`; the tracking script's own check (POST
 * /api/cro/verify-tracking: visits from the site's domain arrived) sets `tracking_verified`.
 */
export interface SiteConnectionFields {
  status?: string;
  dns_verified?: boolean;
  tracking_verified?: boolean;
}

export function isSiteConnected(site: SiteConnectionFields): boolean {
  return site.status === 'active' && (!!site.dns_verified || !!site.tracking_verified);
}

/** How many days back the tracking check looks for visits. */
export const TRACKING_CHECK_DAYS = 30;

export const TRACKING_VERIFIED = 'Your site is now active';

/** The tracking check's answer when no visit from the domain has arrived. */
export function trackingNotSeenMessage(domain: string): string {
  return `No visits from ${domain} have reached us in the last ${TRACKING_CHECK_DAYS} days. Paste the tracking script into your site's <head>, open one of its pages, then check again.`;
}
