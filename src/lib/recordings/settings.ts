/**
 * A site's session recording settings (Settings -> Optimization, Recordings): checked the same way
 * by the form and by the sites hook, which refuses a bad one with a 400 and stores nothing.
 */
import { urlPatternProblem } from '../contracts/url-pattern';

export interface RecordingSettings {
  /** Share of sessions recorded, in percent (0 records none). */
  recording_sample_rate: number;
  /** Recordings shorter than this (seconds) are never sent. */
  recording_min_seconds: number;
  /** URL patterns, one per line: only these pages are recorded (empty: every page). */
  recording_include: string;
  /** URL patterns, one per line: these pages are never recorded. */
  recording_exclude: string;
  /** Mask every text of the page, not only inputs. */
  recording_mask_text: boolean;
  /** CSS selectors (comma-separated) whose text is masked. */
  recording_mask_selectors: string;
}

export type RecordingSettingKey = keyof RecordingSettings;
export const RECORDING_SETTING_KEYS: RecordingSettingKey[] = [
  'recording_sample_rate',
  'recording_min_seconds',
  'recording_include',
  'recording_exclude',
  'recording_mask_text',
  'recording_mask_selectors',
];

export const RECORDING_MAX_MIN_SECONDS = 3600;
export const RECORDING_MAX_PATTERNS = 20;

export const RECORDING_LABELS: Record<RecordingSettingKey, string> = {
  recording_sample_rate: 'Recorded sessions',
  recording_min_seconds: 'Minimum recording length',
  recording_include: 'Recorded pages',
  recording_exclude: 'Pages never recorded',
  recording_mask_text: 'Mask all text',
  recording_mask_selectors: 'Masked elements',
};

export type RecordingCheck = { ok: true; value: boolean | number | string } | { ok: false; error: string };

/** The patterns of an include or exclude list: one per line, blank lines ignored. */
export function patternLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

function wholeNumber(raw: unknown, min: number, max: number, error: string): RecordingCheck {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? { ok: true, value: n } : { ok: false, error };
}

/** Checks (and normalises) one submitted recording setting. */
export function checkRecordingSetting(key: RecordingSettingKey, raw: unknown): RecordingCheck {
  switch (key) {
    case 'recording_sample_rate':
      return wholeNumber(raw, 0, 100, 'Recorded sessions must be a whole percentage from 0 to 100.');
    case 'recording_min_seconds':
      return wholeNumber(
        raw,
        0,
        RECORDING_MAX_MIN_SECONDS,
        `The minimum recording length must be 0 to ${RECORDING_MAX_MIN_SECONDS} seconds.`,
      );
    case 'recording_mask_text':
      return typeof raw === 'boolean' ? { ok: true, value: raw } : { ok: false, error: 'Mask all text must be on or off.' };
    case 'recording_include':
    case 'recording_exclude': {
      if (typeof raw !== 'string') return { ok: false, error: `${RECORDING_LABELS[key]}: one URL pattern per line.` };
      const lines = patternLines(raw);
      if (lines.length > RECORDING_MAX_PATTERNS)
        return { ok: false, error: `${RECORDING_LABELS[key]}: at most ${RECORDING_MAX_PATTERNS} patterns.` };
      for (const line of lines) {
        const problem = urlPatternProblem(line);
        if (problem) return { ok: false, error: `${RECORDING_LABELS[key]}: ${problem} ("${line.slice(0, 60)}").` };
      }
      return { ok: true, value: lines.join('\n') };
    }
    case 'recording_mask_selectors': {
      if (typeof raw !== 'string') return { ok: false, error: 'Masked elements must be CSS selectors separated by commas.' };
      const text = raw.trim();
      if (text.length > 1000) return { ok: false, error: 'Masked elements: at most 1,000 characters.' };
      // Selectors reach the recorder in the visitor's browser: nothing that could end a rule or a tag.
      if (/[{};<>\\]/.test(text))
        return { ok: false, error: 'Masked elements must be CSS selectors separated by commas (no { } ; < > or \\).' };
      if (text && text.split(',').some((s) => !s.trim())) return { ok: false, error: 'Masked elements: an empty selector between commas.' };
      return { ok: true, value: text };
    }
  }
}

/** How a recording setting reads in the audit log. */
export function showRecordingSetting(key: RecordingSettingKey, v: unknown): string {
  if (key === 'recording_sample_rate') return `${Number(v) || 0}%`;
  if (key === 'recording_min_seconds') return `${Number(v) || 0} s`;
  if (key === 'recording_mask_text') return v ? 'on' : 'off';
  return v ? String(v).replace(/\n/g, ', ') : 'none';
}
