// Every stand-in the e2e server needs. Each capability adds one line here and one file beside it.
import type { StandIn } from './types';
import { smtpStandIn } from './smtp';
import { stripeStandIn } from './stripe';
import { dnsStandIn } from './dns';
import { scanSiteStandIn } from './scan-site';
import { trackerSiteStandIn } from './tracker-site';
import { webhookStandIn } from './webhook';

export const standIns: Array<() => Promise<StandIn>> = [
  smtpStandIn,
  stripeStandIn,
  dnsStandIn,
  scanSiteStandIn,
  trackerSiteStandIn,
  webhookStandIn,
];
