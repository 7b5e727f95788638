import { CONTROL_CHARACTERS } from '../lib/contracts/control-characters';
import type { CollectEvent } from '../lib/contracts/event-payload';
import type { TrackerRule } from '../lib/contracts/rule-change';
import type { TrackerExperiment } from '../lib/contracts/tracker-experiment';
import type { RecorderConfig } from '../lib/contracts/recorder-config';
import type { AudienceDefinition } from '../lib/contracts/audience';

declare const CRO_AUD: boolean | undefined;

/**
 * Build flag (scripts/build-tracker.mjs): true only in the audience build (audience.ts); the other
 * builds drop the audience code. Undefined outside a build (the unit tests): false.
 */
export const AUD = typeof CRO_AUD !== 'undefined' && CRO_AUD;

/** The site configuration the server inlines around the script. */
export interface Config {
  /** Site public key. */
  k: string;
  /** Honour Do Not Track / Global Privacy Control. */
  dnt: boolean;
  /** Selectors of click goals. */
  g?: string[];
  /** Selectors of form goals: submits of matching forms are reported. */
  f?: string[];
  /** Enabled optimization rules. */
  r?: TrackerRule[];
  /** Running experiments (full build only). */
  x?: TrackerExperiment[];
  /** Google Tag Manager is connected: exposures are pushed to `dataLayer` (datalayer.ts). */
  gt?: boolean;
  /** Session recording, when the site's plan includes it (the recorder chunk reads the rest). */
  v?: RecorderConfig;
  /** The ecommerce chunk's path (src/ecommerce), for sites that capture ecommerce events (full build). */
  o?: string;
  /** On-page surveys (pocketbase/surveys): the widget chunk's path `u` and the active surveys `s` (full build). */
  y?: { u: string };
  /**
   * Consent-free mode: the visitor id the server computed for this request (a daily salted hash,
   * pocketbase/visitorhash). Nothing is then stored on the device; the server names the session.
   */
  c?: string;
  /** Audiences the rules and tests target, by id (audience build only). */
  au?: Record<string, AudienceDefinition>;
  /** The site's time zone, when an audience asks for the day or hour. */
  tz?: string;
  /** The visitor's country ('' unknown), when an audience asks for it. */
  gc?: string;
  /** The global holdout: its seed and percent of tracked visitors, who see no rule and no test (targeting build). */
  ho?: [string, number];
}

declare const CRO_CFG: Config | undefined;

export function config(): Config {
  return typeof CRO_CFG !== 'undefined' && CRO_CFG ? CRO_CFG : { k: '', dnt: true };
}

/** One event, in the collect endpoint's short field names. */
export type Ev = CollectEvent;

export type Push = (e: Ev) => void;

/** Text safe for the collect endpoint: no control characters, at most max characters. */
export function clean(v: unknown, max: number): string {
  return String(v).replace(CONTROL_CHARACTERS, ' ').slice(0, max);
}
