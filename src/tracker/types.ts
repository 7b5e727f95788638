import type { RuleCfg } from './rules';

/** The site configuration the server inlines around the script. */
export interface Config {
  /** Site public key. */
  k: string;
  /** Honour Do Not Track / Global Privacy Control. */
  dnt: boolean;
  /** Selectors of click goals. */
  g?: string[];
  /** Enabled optimization rules. */
  r?: RuleCfg[];
}

declare const CRO_CFG: Config | undefined;

export function config(): Config {
  return typeof CRO_CFG !== 'undefined' && CRO_CFG ? CRO_CFG : { k: '', dnt: true };
}

/** One event, in the collect endpoint's short field names. */
export interface Ev {
  t: 'pv' | 'lv' | 'ck' | 'ob' | 'ev' | 'er' | 'wv' | 'id' | 'ex' | 'ae';
  ts?: number;
  p?: string;
  [field: string]: unknown;
}

export type Push = (e: Ev) => void;

/** Text safe for the collect endpoint: no control characters, at most max characters. */
export function clean(v: unknown, max: number): string {
  return (
    String(v)
      // the C0 controls and DEL: everything outside these ranges
      .replace(/[^\x20-\x7e\x80-\uffff]/g, ' ')
      .slice(0, max)
  );
}
