/**
 * Which survey this page view may show: the page, the device, the share of visitors (a stable
 * hash of visitor and survey, so a visitor stays in or out) and the surveys this visitor has seen.
 */
import { urlPatternMatches } from '../lib/contracts/url-pattern';
import { deviceClass } from '../lib/contracts/device-class';
import type { WidgetSurvey } from './types';

/** 0 to 99 from a text (FNV-1a). */
export function bucket(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0) % 100;
}

export function eligible(s: WidgetSurvey, href: string, ua: string, visitor: string, seen: string[]): boolean {
  if (seen.includes(s.i)) return false;
  if (s.p && s.p.length && !s.p.some((p) => urlPatternMatches(p, href))) return false;
  if (s.d && deviceClass(ua) !== s.d) return false;
  return bucket(visitor + '.' + s.i) < s.h;
}
