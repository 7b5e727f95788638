/** A device class: what experiments target and what the analytics dimensions show. */
export type DeviceClass = 'desktop' | 'mobile' | 'tablet';

/**
 * Classifies a user agent as the server does (pocketbase/analytics/ua.go `Device`; both are pinned
 * by tests/fixtures/contracts/device-classes.json), so an experiment's device targeting in the
 * tracker agrees with the device the visitor's events are counted under.
 */
export function deviceClass(ua: string): DeviceClass {
  if (/iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua))) return 'tablet';
  return /Mobi|iPhone/.test(ua) ? 'mobile' : 'desktop';
}
