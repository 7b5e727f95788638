/**
 * Watches every form of the page, without setup: a form is its stable selector
 * (src/lib/selector.ts) on its page. Per form view it counts, per field, time focused, hesitation
 * (focus to first keystroke or change), refills (the field emptied, then typed in again) and
 * errors shown on it (the browser's validation `invalid` event, or the page setting
 * `aria-invalid="true"`), the order fields were first touched, whether the form was started and
 * submitted. It reads a field's value only to know whether it is empty; no value, length or
 * character ever leaves the page. Sent with sendBeacon when the form is submitted and when the
 * page is hidden; the server keeps the last send of each form view.
 */
import { FORM_LIMITS, type FormFieldStat, type FormViewPayload } from '../lib/contracts/form-analytics';
import { buildSelector } from '../lib/selector';

type Ids = () => { v: string; s: string };
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

interface FieldState extends FormFieldStat {
  focusedAt: number;
  typed: boolean;
  filled: boolean;
  cleared: boolean;
}

interface View {
  id: string;
  sel: string;
  p: string;
  st: boolean;
  sb: boolean;
  lf: string;
  fields: Map<string, FieldState>;
  touched: number;
}

const SKIPPED = /^(hidden|submit|button|reset|image|file)$/;

export function watchForms(endpoint: string, ids: Ids, off: () => boolean): void {
  const views = new Map<HTMLFormElement, View>();
  const keys = new WeakMap<Element, string>();

  const viewOf = (form: HTMLFormElement): View | undefined => {
    let v = views.get(form);
    if (!v && views.size < FORM_LIMITS.views) {
      v = {
        id: Math.random().toString(36).slice(2, 12) + Date.now().toString(36),
        sel: buildSelector(form).selector.slice(0, FORM_LIMITS.selector),
        p: location.pathname.slice(0, FORM_LIMITS.path),
        st: false,
        sb: false,
        lf: '',
        fields: new Map(),
        touched: 0,
      };
      views.set(form, v);
    }
    return v;
  };

  const fieldOf = (target: EventTarget | null): [View, FieldState] | undefined => {
    const el = target as Field | null;
    if (!el || !el.form || !('value' in el) || SKIPPED.test((el as HTMLInputElement).type || '')) return;
    const v = viewOf(el.form);
    if (!v) return;
    let key = keys.get(el);
    if (!key) {
      const position = Array.prototype.indexOf.call(el.form.elements, el);
      key = (el.getAttribute('name') || el.id || (el as HTMLInputElement).type + ':' + position).slice(0, FORM_LIMITS.key);
      keys.set(el, key);
    }
    let f = v.fields.get(key);
    if (!f) {
      if (v.fields.size >= FORM_LIMITS.fields) return;
      f = { k: key, l: labelOf(el), t: 0, h: 0, r: 0, e: 0, o: 0, focusedAt: 0, typed: false, filled: hasContent(el), cleared: false };
      v.fields.set(key, f);
    }
    return [v, f];
  };

  const touch = (v: View, f: FieldState) => {
    if (!f.o) f.o = ++v.touched;
    v.lf = f.k;
  };

  const onFocus = (e: Event) => {
    const hit = fieldOf(e.target);
    if (!hit) return;
    hit[1].focusedAt = Date.now();
    hit[1].typed = false;
  };
  const onBlur = (e: Event) => {
    const hit = fieldOf(e.target);
    if (!hit || !hit[1].focusedAt) return;
    hit[1].t += Date.now() - hit[1].focusedAt;
    hit[1].focusedAt = 0;
  };
  const onInput = (e: Event) => {
    const hit = fieldOf(e.target);
    if (!hit) return;
    const [v, f] = hit;
    if (f.focusedAt && !f.typed) f.h += Date.now() - f.focusedAt;
    f.typed = true;
    v.st = true;
    touch(v, f);
    const filled = hasContent(e.target as Field);
    if (f.filled && !filled) f.cleared = true;
    else if (f.cleared && filled) {
      f.r++;
      f.cleared = false;
    }
    f.filled = filled;
  };
  const onInvalid = (e: Event) => {
    const hit = fieldOf(e.target);
    if (hit) hit[1].e++;
  };
  const onSubmit = (e: Event) => {
    const v = viewOf(e.target as HTMLFormElement);
    if (!v) return;
    v.sb = true;
    send();
  };

  const send = () => {
    if (off() || !views.size) return;
    const now = Date.now();
    const f: FormViewPayload[] = [];
    views.forEach((v) => {
      const fl: FormFieldStat[] = [];
      v.fields.forEach((s) => fl.push({ k: s.k, l: s.l, t: s.t + (s.focusedAt ? now - s.focusedAt : 0), h: s.h, r: s.r, e: s.e, o: s.o }));
      f.push({ id: v.id, sel: v.sel, p: v.p, st: v.st, sb: v.sb, lf: v.lf, fl });
    });
    const id = ids();
    navigator.sendBeacon(endpoint + '&s=' + encodeURIComponent(id.s) + '&v=' + encodeURIComponent(id.v), JSON.stringify({ f }));
  };

  for (const form of Array.from(document.forms)) viewOf(form);
  addEventListener('focusin', onFocus, true);
  addEventListener('focusout', onBlur, true);
  addEventListener('input', onInput, true);
  addEventListener('change', onInput, true);
  addEventListener('invalid', onInvalid, true);
  addEventListener('submit', onSubmit, true);
  addEventListener('pagehide', send);
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && send());
  // Errors a page shows by marking the field invalid (its own validation).
  new MutationObserver((records) => {
    for (const m of records) {
      const el = m.target as Element;
      if (el.getAttribute('aria-invalid') === 'true' && m.oldValue !== 'true') onInvalid({ target: el } as unknown as Event);
    }
  }).observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ['aria-invalid'], attributeOldValue: true });
}

/** Whether a field holds anything (a box checked, an option chosen, text typed): never what. */
function hasContent(el: Field): boolean {
  const input = el as HTMLInputElement;
  if (input.type === 'checkbox' || input.type === 'radio') return input.checked;
  return el.value !== '';
}

/** The label the visitor sees for the field: its <label>, aria-label or placeholder. */
function labelOf(el: Field): string {
  const label =
    (el.labels && el.labels[0] && el.labels[0].textContent) || el.getAttribute('aria-label') || el.getAttribute('placeholder') || '';
  return label.replace(/\s+/g, ' ').trim().slice(0, FORM_LIMITS.label);
}
