// Every stand-in the e2e server needs. Each capability adds one line here and one file beside it.
import type { StandIn } from './types';

export const standIns: Array<() => Promise<StandIn>> = [];
