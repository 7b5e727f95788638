/**
 * The survey's dialog, in a shadow root at the page's bottom right. A labelled, non-modal dialog:
 * it takes focus when it opens and gives it back when it closes; Escape or the close button
 * closes it; every control is a native button or input with a label, so Tab and Enter work.
 */
import type { WidgetSurvey } from './types';

const CSS =
  ':host{all:initial}' +
  '.d{position:fixed;right:16px;bottom:16px;z-index:2147483647;max-width:360px;background:#fff;color:#111;border:1px solid #ccc;border-radius:8px;padding:16px;font:14px/1.4 system-ui,sans-serif;box-shadow:0 4px 16px rgba(0,0,0,.2)}' +
  'h2{font-size:15px;margin:0 24px 12px 0}' +
  '.x{position:absolute;top:6px;right:6px;border:0;background:none;font-size:20px;cursor:pointer;color:#333}' +
  '.s{display:flex;flex-wrap:wrap;gap:4px}.s button{min-width:28px;padding:6px 4px;border:1px solid #888;border-radius:4px;background:#f6f6f6;cursor:pointer;color:#111}' +
  '.h{display:flex;justify-content:space-between;font-size:12px;color:#555;margin-top:4px}' +
  'label{display:block;margin:4px 0}textarea{width:100%;box-sizing:border-box;min-height:64px}' +
  '.go{margin-top:8px;padding:6px 12px;border:0;border-radius:4px;background:#1a56db;color:#fff;cursor:pointer}' +
  ':focus-visible{outline:2px solid #1a56db;outline-offset:2px}';

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...kids: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...kids);
  return e;
}

/** Shows the survey; `send` gets the answer (a score, a choice, choices or text) once. */
export function render(s: WidgetSurvey, send: (value: unknown) => void): void {
  const before = document.activeElement as HTMLElement | null;
  const host = el('div');
  host.setAttribute('data-cro-survey', s.i);
  const root = host.attachShadow({ mode: 'open' });
  const dialog = el('div', { className: 'd' });
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-labelledby', 'q');
  const close = () => {
    host.remove();
    if (before && before.focus) before.focus();
  };
  const x = el('button', { type: 'button', className: 'x', textContent: '×', onclick: close });
  x.setAttribute('aria-label', 'Close survey');
  const form = el('form');
  const done = (value: unknown) => {
    send(value);
    const thanks = el('p', { textContent: s.t || 'Thank you!' });
    thanks.setAttribute('role', 'status');
    form.replaceWith(thanks);
    x.focus();
    setTimeout(close, 4000);
  };
  dialog.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') close();
  });
  const kind = s.k;
  if (kind === 'nps' || kind === 'rating') {
    const lo = kind === 'nps' ? 0 : 1;
    const hi = kind === 'nps' ? 10 : 5;
    const scale = el('div', { className: 's' });
    scale.setAttribute('role', 'group');
    scale.setAttribute('aria-labelledby', 'q');
    for (let n = lo; n <= hi; n++) {
      const b = el('button', { type: 'button', textContent: String(n), onclick: () => done(n) });
      b.setAttribute('aria-label', n + ' of ' + hi);
      scale.append(b);
    }
    form.append(scale);
    if (kind === 'nps') form.append(el('div', { className: 'h' }, el('span', {}, 'Not at all likely'), el('span', {}, 'Extremely likely')));
  } else {
    if (kind === 'text') {
      const t = el('textarea', { name: 'a', maxLength: 1000 });
      t.setAttribute('aria-labelledby', 'q');
      form.append(t);
    } else {
      const type = kind === 'multiple' ? 'checkbox' : 'radio';
      for (const o of s.o || []) form.append(el('label', {}, el('input', { type, name: 'a', value: o }), ' ' + o));
    }
    form.append(el('button', { type: 'submit', className: 'go', textContent: 'Send' }));
    form.onsubmit = (e) => {
      e.preventDefault();
      const data = new FormData(form);
      const all = data.getAll('a').map(String);
      if (kind === 'text' ? !(all[0] || '').trim() : !all.length) return;
      done(kind === 'multiple' ? all : all[0]);
    };
  }
  dialog.append(x, el('h2', { id: 'q', textContent: s.q }), form);
  root.append(el('style', { textContent: CSS }), dialog);
  document.body.append(host);
  const first = form.querySelector('button,input,textarea') as HTMLElement | null;
  if (first) first.focus();
}
