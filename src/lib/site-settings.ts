/**
 * A site's own settings (Settings -> Optimization): what they may hold, how a change reads in the
 * audit log. Used by the settings form and by the sites hook, which refuses anything else.
 */
import { normalizeDomain } from './domain-name';
import { siteHoldoutProblem } from './exclusion-groups';
import {
  RECORDING_LABELS,
  RECORDING_SETTING_KEYS,
  checkRecordingSetting,
  showRecordingSetting,
  type RecordingSettingKey,
  type RecordingSettings,
} from './recordings/settings';

/** Days raw events are kept (rollups stay); 0 = the install's default. */
export const RETENTION_CHOICES = [0, 30, 90, 180, 365, 730] as const;
export const ERROR_THRESHOLD_MIN = 0.1;
export const ERROR_THRESHOLD_MAX = 100;
const TIME_ZONE_NAME = /^(UTC|[A-Z][A-Za-z_+-]*(\/[A-Za-z0-9_+-]+){1,2})$/;

/** The browser's own time zone (a new site's default), '' where it cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || '';
  } catch {
    return '';
  }
}

export interface SiteSettings {
  optimization_enabled: boolean;
  error_threshold_percentage: number;
  tracking_ignore_dnt: boolean;
  retention_days: number;
  staging_domain: string;
  /** IANA time zone the site's days, "today" and weeks are counted in; '' = UTC. */
  time_zone: string;
  /**
   * Consent-free mode: the tracker stores nothing on the visitor's device and the server names
   * visitors by a daily-rotating salted hash (pocketbase/visitorhash); no recordings.
   */
  consent_free: boolean;
  /** Global holdout: percent of tracked visitors who see no rule and no test (0-20, default 0). */
  holdout_percentage: number;
}

/** Every setting the sites hook accepts: the form's above and the recording settings. */
export type SiteSettingKey = keyof SiteSettings | RecordingSettingKey;
export type AnySiteSettings = Partial<SiteSettings & RecordingSettings>;
export const SITE_SETTING_KEYS: SiteSettingKey[] = [
  'optimization_enabled',
  'error_threshold_percentage',
  'tracking_ignore_dnt',
  'retention_days',
  'staging_domain',
  'time_zone',
  'consent_free',
  'holdout_percentage',
  ...RECORDING_SETTING_KEYS,
];

const LABELS: Record<SiteSettingKey, string> = {
  optimization_enabled: 'Optimization',
  error_threshold_percentage: 'Error threshold',
  tracking_ignore_dnt: 'Do Not Track',
  retention_days: 'Data retention',
  staging_domain: 'Staging domain',
  time_zone: 'Time zone',
  consent_free: 'Consent-free mode',
  holdout_percentage: 'Global holdout',
  ...RECORDING_LABELS,
};

export type SettingCheck = { ok: true; value: boolean | number | string } | { ok: false; error: string };

/** Checks (and normalises) one submitted setting. */
export function checkSiteSetting(key: SiteSettingKey, raw: unknown): SettingCheck {
  if (isRecordingKey(key)) return checkRecordingSetting(key, raw);
  switch (key) {
    case 'optimization_enabled':
    case 'tracking_ignore_dnt':
    case 'consent_free':
      return typeof raw === 'boolean' ? { ok: true, value: raw } : { ok: false, error: `${LABELS[key]} must be on or off.` };
    case 'error_threshold_percentage': {
      const n = typeof raw === 'number' ? raw : Number(raw);
      return Number.isFinite(n) && n >= ERROR_THRESHOLD_MIN && n <= ERROR_THRESHOLD_MAX
        ? { ok: true, value: Math.round(n * 10) / 10 }
        : { ok: false, error: `The error threshold must be between ${ERROR_THRESHOLD_MIN}% and ${ERROR_THRESHOLD_MAX}%.` };
    }
    case 'retention_days': {
      const n = Number(raw);
      return (RETENTION_CHOICES as readonly number[]).includes(n)
        ? { ok: true, value: n }
        : { ok: false, error: `Data retention must be one of ${RETENTION_CHOICES.filter((d) => d > 0).join(', ')} days, or the default.` };
    }
    case 'staging_domain': {
      const text = String(raw ?? '').trim();
      if (!text) return { ok: true, value: '' };
      const d = normalizeDomain(text);
      return d.ok ? { ok: true, value: d.domain } : { ok: false, error: `Staging domain: ${d.error}` };
    }
    case 'holdout_percentage': {
      const problem = siteHoldoutProblem(raw);
      return problem ? { ok: false, error: problem } : { ok: true, value: Number(raw) };
    }
    case 'time_zone': {
      // The shape of an IANA name; the server also checks that its zone database knows it.
      const text = String(raw ?? '').trim();
      return text === '' || TIME_ZONE_NAME.test(text)
        ? { ok: true, value: text }
        : { ok: false, error: 'Unknown time zone: use a name from the time zone database, such as Europe/Stockholm.' };
    }
  }
}

/**
 * What consent-free mode costs, said plainly in Settings -> Optimization (the server enforces each:
 * pocketbase/visitorhash, analytics/consent_free.go, recordings' ingest).
 */
export const CONSENT_FREE_CONSEQUENCES = [
  "Nothing is stored on the visitor's device (no cookie, no local storage), so our tracker needs no consent banner.",
  'Session recordings are off.',
  'A visitor sees the same experiment variant within a day only; the next day they may be assigned again.',
  'Returning visitors are counted as new visitors each day.',
] as const;

const isRecordingKey = (key: SiteSettingKey): key is RecordingSettingKey => (RECORDING_SETTING_KEYS as string[]).includes(key);

function show(key: SiteSettingKey, v: unknown): string {
  if (isRecordingKey(key)) return showRecordingSetting(key, v);
  if (key === 'optimization_enabled' || key === 'consent_free') return v ? 'on' : 'off';
  if (key === 'tracking_ignore_dnt') return v ? 'not honoured' : 'honoured';
  if (key === 'error_threshold_percentage' || key === 'holdout_percentage') return `${Number(v) || 0}%`;
  if (key === 'retention_days') return Number(v) > 0 ? `${v} days` : 'default';
  if (key === 'time_zone') return v ? String(v) : 'UTC';
  return v ? String(v) : 'none';
}

/** The audit log's sentence for the settings that changed, e.g. "Error threshold: 5% -> 3%". */
export function describeSettingChanges(changes: Array<{ key: SiteSettingKey; from: unknown; to: unknown }>): string {
  return changes.map((c) => `${LABELS[c.key]}: ${show(c.key, c.from)} -> ${show(c.key, c.to)}`).join('; ');
}
