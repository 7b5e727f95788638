/**
 * Form analytics: what the forms chunk (src/forms, /t/f/<hash>.js) sends and the server
 * (pocketbase/forms) accepts. The chunk reaches the page through the recorder's config slot (`v`,
 * src/lib/contracts/recorder-config.ts): for a site with form analytics the server gives the core
 * tracker the forms chunk there for every session (`s` 100) and, when the site also records, the
 * recorder's own config as `rv`, which the forms chunk loads for the sampled sessions. So the core
 * and full trackers carry no form code at all.
 *
 * Never a field's value: a field is described by its name, kind and label; what is counted is
 * time, hesitation, refills (cleared and typed again) and errors shown on it.
 */
import type { RecorderConfig } from './recorder-config';

/** The forms chunk's config (key `v` of the tracker config when form analytics is on). */
export interface FormsLoaderConfig extends RecorderConfig {
  /** Form analytics is on. */
  fa: 1;
  /** The site also records sessions: the recorder's own config. */
  rv?: RecorderConfig;
}

/** One field of a form view. */
export interface FormFieldStat {
  /** The field's key in its form: its name, else its id, else its kind and position. */
  k: string;
  /** The label the visitor sees (its label, aria-label or placeholder), at most 80 characters. */
  l: string;
  /** Time focused, ms. */
  t: number;
  /** Hesitation: time from focusing it to the first keystroke or change, ms. */
  h: number;
  /** Refills: times it was cleared and typed in again. */
  r: number;
  /** Errors shown on it (the browser's validation, or aria-invalid set by the page). */
  e: number;
  /** Order in which the visitor first touched it (1-based; 0 = never touched). */
  o: number;
}

/** One form as one page view saw it. */
export interface FormViewPayload {
  /** A random id of this form view (the server keeps one row per id: a later send replaces it). */
  id: string;
  /** The form's stable selector (src/lib/selector.ts). */
  sel: string;
  /** The page's path. */
  p: string;
  /** Started: a field was changed. */
  st: boolean;
  /** Submitted. */
  sb: boolean;
  /** The last field touched (its key), '' when none. */
  lf: string;
  fl: FormFieldStat[];
}

/** The body of POST /api/cro/forms?k=<site key>&s=<session>&v=<visitor> (text/plain JSON). */
export interface FormsBatch {
  f: FormViewPayload[];
}

export const FORM_LIMITS = { views: 20, fields: 60, key: 100, label: 80, selector: 500, path: 300, id: 40 } as const;
