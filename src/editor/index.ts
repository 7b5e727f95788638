/**
 * The visual editor, on the customer's own page. The tracker imports it only through the module
 * our server answers for a valid edit token (pb_hooks/visual_editor.pb.js), which calls `e` with
 * the editor's state. Everything it shows lives in one shadow root; every listener it adds
 * goes away with it; closing takes its preview off the page, so nothing of it stays.
 *
 * Select: hover outlines, click selects (the page's own click is stopped), Escape, arrow keys
 * (up: parent, down: child, left/right: siblings), a breadcrumb of ancestors. The selector comes
 * from src/lib/selector.ts. Change: text in place, colours, font, spacing, radius, hide, an image
 * (URL or an uploaded site file), a link target, move another element above or below the changed
 * one (buttons or dragging), insert a Pattern Library pattern; undo, redo; each variant on its own.
 * Preview: through the tracker's change engine (preview.ts); at phone and tablet widths in a frame.
 * Save: POST /api/cro/editor/save with the session credential, checked by the server like any write.
 */
import { sanitizeChangeHtml } from '../lib/contracts/change-sanitizer';
import { changeProblem, type RuleChange } from '../lib/contracts/rule-change';
import type { EditorState } from '../lib/visual-editor';
import { breadcrumb, buildSelector, elementLabel, selectable, selectionProblem, type SelectorResult } from '../lib/selector';
import { h } from './dom';
import { describe, half, History, moveChanges, patternChanges, put, valueOf, withoutPatterns } from './model';
import { pause, preview, revert } from './preview';
import { CSS } from './style';

type State = EditorState;

const WIDTHS: [string, number][] = [
  ['Mobile', 390],
  ['Tablet', 768],
  ['Desktop', 0],
];

let open = false;

/** Entry point, called by the token's module with the editor's state. */
export function e(state: State): void {
  if (open) return;
  open = true;
  try {
    start(state, new URL(import.meta.url).origin);
  } catch (err) {
    open = false;
    console.error('cro editor', err);
  }
}

function start(state: State, origin: string): void {
  const d = document;
  const off = new AbortController();
  const on = (t: EventTarget, type: string, f: (ev: Event) => void, capture = true) =>
    t.addEventListener(type, f, { capture, signal: off.signal });

  const host = d.createElement('cro-editor');
  host.setAttribute('data-cro-editor', '');
  const root = host.attachShadow({ mode: 'open' }); // open: the page's CSS still cannot reach it; tests and assistive tools can
  root.append(h('style', { text: CSS }));
  const hoverBox = h('div', { class: 'box hover' });
  const selBox = h('div', { class: 'box' });
  const targetBox = h('div', { class: 'box target' });
  const dropLine = h('div', { class: 'drop' });
  const panel = h('section', { class: 'panel', role: 'dialog', 'aria-label': 'Visual editor' });
  root.append(targetBox, hoverBox, selBox, dropLine, panel);
  d.documentElement.append(host);

  const keys = state.variants.map((v) => v.key);
  const initial: Record<string, RuleChange[]> = {};
  for (const v of state.variants) initial[v.key] = v.changes;
  const history = new History({ selector: state.selector, variants: initial });
  let variant = state.variant;
  let sel: Element | null = null;
  let sr: SelectorResult | null = null;
  let hovered: Element | null = null;
  let editing: HTMLElement | null = null;
  let status = '';
  let problem = '';
  let saved = JSON.stringify(history.now);
  let href = location.href;
  let frame: HTMLElement | null = null;
  let width = 0;
  let raf = 0;
  let ideas: { engine: string; model: string; suggestions: string[] } | null = null;
  /** Dragging the selection: where the pointer went down, and whether it has moved far enough to be a drag. */
  let drag: { x: number; y: number; on: boolean } | null = null;
  /** The click that ends a drag is not a selection. */
  let dropped = false;
  /** Browsing: clicks go to the page (to follow the app's own navigation), nothing is selected. */
  let browsing = false;

  const readOnly = () => state.frozen || (state.kind === 'experiment' && variant === 'control');
  const changes = () => history.now.variants[variant] || [];
  const target = (): Element | null => {
    try {
      return history.now.selector ? d.querySelector(history.now.selector) : null;
    } catch (_) {
      return null;
    }
  };
  const inEditor = (ev: Event) => ev.composedPath().includes(host);

  const show = () => {
    problem = '';
    preview(history.now.selector, changes(), (m) => {
      problem = m;
      render();
    });
    if (frame) framePreview(50);
  };

  const edit = (f: (list: RuleChange[]) => RuleChange[], selector?: string) => {
    if (readOnly()) return;
    history.change((m) => {
      if (selector !== undefined) m.selector = selector;
      m.variants[variant] = f(m.variants[variant] || []);
    });
    show();
    render();
  };

  /** Changes apply to one element: the first change picks it; another element is picked explicitly. */
  const onTarget = () => !!sel && (!history.now.selector || target() === sel);
  const change = (c: RuleChange) => {
    if (!sel || !sr) return;
    const p = changeProblem(c);
    if (p) {
      status = `Not applied: the change ${p}.`;
      render();
      return;
    }
    edit((list) => put(list, c), history.now.selector || sr.selector);
  };

  const select = (el: Element | null) => {
    if (editing) finishText(true);
    ideas = null;
    sel = el;
    sr = el ? buildSelector(el) : null;
    status = '';
    render();
  };

  // In-place text editing of the changed element.
  const startText = () => {
    if (!sel || !sr || readOnly() || !onTarget()) return;
    // The page's own text as it is now is kept, so that closing or cancelling gives it back.
    const list = changes();
    if (!list.length) preview(history.now.selector || sr.selector, [{ type: 'set_text', value: sel.textContent || '' }], () => {});
    pause(); // the engine must not fight the typing
    editing = sel as HTMLElement;
    editing.setAttribute('contenteditable', 'plaintext-only');
    editing.focus();
    render();
  };
  const finishText = (keep: boolean) => {
    const el = editing;
    if (!el) return;
    editing = null;
    el.removeAttribute('contenteditable');
    if (keep) change({ type: 'set_text', value: (el.textContent || '').trim() });
    else show();
    render();
  };

  /** Moves the selection before or after the changed element, or (by a drop, while nothing is changed yet) another one. */
  const move = (where: 'before' | 'after', to: Element | null = target()) => {
    const t = to;
    if (!sel || !sr || !t || sel === t || sel.contains(t) || t.contains(sel)) return;
    let retarget: string | undefined;
    if (t !== target()) {
      if (Object.values(history.now.variants).some((l) => l.length)) {
        status = 'Drop onto the changed element (outlined in green), or first choose “Change this element instead”.';
        render();
        return;
      }
      retarget = buildSelector(t).selector;
    }
    if (!sr.stable) {
      status = 'The element to move has no stable selector, so it cannot be hidden at its old place reliably.';
      render();
      return;
    }
    // The copy passes the same sanitizer the tracker applies; what it leaves out is said.
    const before = sel.querySelectorAll('*').length + 1;
    const frag = sanitizeChangeHtml(sel.outerHTML, () => {});
    const copy = frag.firstElementChild;
    if (!copy) {
      status = `The <${sel.localName}> element cannot be copied into a change.`;
      render();
      return;
    }
    for (const el of [copy, ...Array.from(copy.querySelectorAll('[id]'))]) el.removeAttribute('id');
    copy.setAttribute('data-cro-moved', '');
    const kept = copy.querySelectorAll('*').length + 1;
    const html = copy.outerHTML;
    const moved = sr.selector;
    edit((list) => moveChanges(list, html, moved, where), retarget);
    status =
      kept < before
        ? `Moved. The copy leaves out ${before - kept} element(s) changes may not hold (such as SVG, forms or scripts).`
        : 'Moved.';
    render();
  };

  // 'Suggest copy': grounded in the page's title, headings and the text around the element.
  const suggest = async () => {
    if (!sel) return;
    status = 'Asking for suggestions…';
    render();
    const around = sel.parentElement?.closest('section,form,article,main') || sel.parentElement;
    const body = {
      s: state.s,
      text: (sel.textContent || '').trim(),
      tag: sel.localName,
      title: d.title,
      headings: Array.from(d.querySelectorAll('h1,h2')).map((x) => (x.textContent || '').trim()),
      nearby: (around?.textContent || '').trim().slice(0, 600),
      goal: state.goal,
    };
    try {
      const r = await fetch(origin + '/api/cro/editor/suggest', { method: 'POST', body: JSON.stringify(body) });
      const j = (await r.json()) as { message?: string; engine: string; model: string; suggestions: string[] };
      ideas = r.ok ? j : null;
      status = r.ok ? '' : `No suggestions: ${j.message}`;
    } catch (_) {
      status = 'No suggestions: the server could not be reached.';
    }
    render();
  };

  const save = async () => {
    if (readOnly()) return;
    status = 'Saving…';
    render();
    const m = history.now;
    const body =
      state.kind === 'rule'
        ? { s: state.s, selector: m.selector, changes: m.variants[''] || [] }
        : {
            s: state.s,
            selector: m.selector,
            variants: Object.fromEntries(keys.filter((k) => k !== 'control').map((k) => [k, m.variants[k] || []])),
          };
    try {
      const r = await fetch(origin + '/api/cro/editor/save', { method: 'POST', body: JSON.stringify(body) });
      const j = (await r.json()) as { message?: string };
      status = r.ok ? `Saved. ${state.kind === 'rule' ? 'The rule' : 'The test'} now holds these changes.` : `Not saved: ${j.message}`;
      if (r.ok) saved = JSON.stringify(m);
    } catch (_) {
      status = 'Not saved: the server could not be reached.';
    }
    render();
  };

  const close = () => {
    if (editing) finishText(false);
    revert();
    off.abort();
    cancelAnimationFrame(raf);
    host.remove();
    open = false;
  };

  // A narrower preview: the same page in a frame of that width, previewed by the same engine.
  const framePreview = (tries = 0) => {
    const f = frame?.querySelector('iframe');
    const w = f?.contentWindow as (Window & { croEditorPreview?: (q: string, c: RuleChange[]) => void }) | null;
    if (w && w.croEditorPreview) w.croEditorPreview(history.now.selector, changes());
    else if (f && tries < 50) setTimeout(() => framePreview(tries + 1), 100); // the framed page is still loading the engine
  };
  const setWidth = (px: number) => {
    width = px;
    frame?.remove();
    frame = null;
    if (px) {
      const f = h('iframe', { title: `Preview at ${px} px`, src: location.href });
      frame = h('div', { class: 'frame', style: `width:${px}px` }, f);
      f.addEventListener('load', () => {
        const doc = (f as HTMLIFrameElement).contentDocument;
        if (!doc) return;
        const s = doc.createElement('script');
        s.type = 'module';
        s.textContent = `import{p}from${JSON.stringify(origin + '/t/e/editor.js')};p()`;
        doc.head.append(s);
        framePreview();
      });
      root.insertBefore(frame, panel);
    }
    render();
  };

  // Keyboard: arrows walk the tree, Escape lets go, Ctrl+Z / Ctrl+Shift+Z undo and redo.
  const step = (key: string): Element | null => {
    if (!sel) return null;
    const ok = (n: Element | null) => (n && !selectionProblem(n) ? n : null);
    if (key === 'ArrowUp') return ok(sel.parentElement);
    if (key === 'ArrowDown') return Array.from(sel.children).find((c) => !selectionProblem(c)) || null;
    let n: Element | null = sel;
    do n = key === 'ArrowLeft' ? n.previousElementSibling : n.nextElementSibling;
    while (n && selectionProblem(n));
    return n;
  };
  on(window, 'keydown', (ev) => {
    const k = ev as KeyboardEvent;
    if (editing) {
      if (k.key === 'Enter' || k.key === 'Escape') {
        k.preventDefault();
        finishText(k.key === 'Enter');
      } else if (k.key === ' ') {
        // A space in an editable button or link would activate it instead of being typed.
        k.preventDefault();
        d.execCommand('insertText', false, ' ');
      }
      return;
    }
    const typing = inEditor(k) && /^(INPUT|SELECT|TEXTAREA)$/.test((k.composedPath()[0] as Element).tagName || '');
    if ((k.ctrlKey || k.metaKey) && k.key.toLowerCase() === 'z' && !typing) {
      k.preventDefault();
      if (k.shiftKey ? history.redo() : history.undo()) show();
      render();
      return;
    }
    if (inEditor(k)) return;
    if (k.key === 'Escape' && sel) {
      k.preventDefault();
      select(null);
    } else if (/^Arrow(Up|Down|Left|Right)$/.test(k.key) && sel) {
      k.preventDefault();
      const n = step(k.key);
      if (n && n.localName !== 'body') select(n);
    }
  });
  // Dragging the selection onto an element moves it before or after it: the half it is dropped on decides.
  const dropAt = (ev: PointerEvent): Element | null => {
    let el = selectable(ev.target as Element);
    const t = target();
    if (el && t && t.contains(el)) el = t; // onto the changed element's inside: the changed element
    return el && sel && el !== sel && !sel.contains(el) && !el.contains(sel) ? el : null;
  };
  on(d, 'pointermove', (ev) => {
    const pe = ev as PointerEvent;
    if (!drag) return;
    if (!drag.on && Math.abs(pe.clientX - drag.x) + Math.abs(pe.clientY - drag.y) < 6) return;
    drag.on = true;
    const el = dropAt(pe);
    if (!el) return place(dropLine, null);
    const r = el.getBoundingClientRect();
    const y = half(r.top, r.height, pe.clientY) === 'before' ? r.top : r.bottom;
    Object.assign(dropLine.style, { display: 'block', left: r.left + 'px', top: y - 2 + 'px', width: r.width + 'px' });
  });
  on(d, 'mousemove', (ev) => {
    if (browsing || inEditor(ev)) return;
    const el = selectable(ev.target as Element);
    if (el !== hovered) {
      hovered = el;
      place(hoverBox, el);
    }
  });
  // The page's own reaction to a click (links, submits, app handlers) is stopped while editing.
  const block = (ev: Event) => {
    if (browsing || inEditor(ev) || (editing && editing.contains(ev.target as Node))) return;
    ev.preventDefault();
    ev.stopImmediatePropagation();
    const pe = ev as PointerEvent;
    if (ev.type === 'pointerdown' && sel && !readOnly() && (!history.now.selector || !onTarget()) && sel.contains(ev.target as Node))
      drag = { x: pe.clientX, y: pe.clientY, on: false };
    if (ev.type === 'pointerup' && drag) {
      const was = drag;
      drag = null;
      place(dropLine, null);
      if (was.on) {
        dropped = true;
        setTimeout(() => (dropped = false)); // no click follows when the drop left the element's ancestors
        const el = dropAt(pe);
        if (el) move(half(el.getBoundingClientRect().top, el.getBoundingClientRect().height, pe.clientY), el);
      }
    }
    if (ev.type === 'click' && dropped) {
      dropped = false;
      return;
    }
    if (ev.type === 'click') {
      const el = selectable(ev.target as Element);
      select(el);
      if (el && (ev as MouseEvent).detail === 2 && onTarget()) startText();
    }
  };
  for (const t of ['click', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'submit', 'dblclick']) on(d, t, block);

  const place = (box: HTMLElement, el: Element | null) => {
    if (!el || !el.isConnected) {
      box.style.display = 'none';
      return;
    }
    const r = el.getBoundingClientRect();
    Object.assign(box.style, {
      display: 'block',
      left: r.left - 2 + 'px',
      top: r.top - 2 + 'px',
      width: r.width + 4 + 'px',
      height: r.height + 4 + 'px',
    });
  };
  // Boxes follow scrolling, layout and re-renders; a client-side navigation is noticed here too.
  const frameLoop = () => {
    place(selBox, sel);
    place(targetBox, target());
    if (location.href !== href) {
      href = location.href;
      setTimeout(render, 1500); // elements rendered after the route are given time to appear
    }
    raf = requestAnimationFrame(frameLoop);
  };
  raf = requestAnimationFrame(frameLoop);

  function render(): void {
    const t = target();
    const list = changes();
    const ro = readOnly();
    const kids: (Node | string | false | null)[] = [];
    kids.push(
      h(
        'div',
        { class: 'row' },
        h('h2', { text: `Edit: ${state.name || (state.kind === 'rule' ? 'rule' : 'A/B test')}` }),
        h('button', { type: 'button', onclick: close, 'aria-label': 'Close the editor' }, 'Close'),
      ),
    );
    if (state.kind === 'experiment') {
      const s = h(
        'select',
        {
          'aria-label': 'Variant',
          onchange: (ev: Event) => {
            if (editing) finishText(true);
            variant = (ev.target as HTMLSelectElement).value;
            show();
            render();
          },
        },
        ...state.variants.map((v) =>
          h('option', { value: v.key, selected: v.key === variant, text: v.key === 'control' ? 'Control (the page as it is)' : v.name }),
        ),
      );
      kids.push(h('div', { class: 'row' }, h('label', { text: 'Variant' }), s));
    }
    if (state.frozen)
      kids.push(
        h(
          'p',
          { class: 'warn' },
          'This test has started: its variants are frozen and open read-only. To change them, ',
          h('a', { href: `${origin}/dashboard/tests?test=${state.id}`, target: '_blank', rel: 'noopener' }, 'open the test'),
          ' and duplicate it.',
        ),
      );
    kids.push(
      h(
        'button',
        {
          type: 'button',
          'aria-pressed': String(browsing),
          onclick: () => {
            browsing = !browsing;
            hovered = null;
            place(hoverBox, null);
            render();
          },
        },
        browsing ? 'Browsing: clicks go to the page (click to select again)' : 'Browse the page',
      ),
    );
    kids.push(h('h3', { text: 'Changed element' }));
    if (history.now.selector) {
      kids.push(h('p', {}, h('code', { text: history.now.selector })));
      if (!t)
        kids.push(
          h('p', { class: 'warn', role: 'alert', text: 'This selector matches nothing on this page (another page, or not rendered yet).' }),
        );
    } else kids.push(h('p', { text: 'None yet: click an element on the page, then change it.' }));

    kids.push(h('h3', { text: 'Selection' }));
    if (!sel) kids.push(h('p', { text: 'Hover to outline, click to select. Arrow keys move through the page; Escape lets go.' }));
    else {
      kids.push(
        h(
          'nav',
          { class: 'crumbs', 'aria-label': 'Ancestors of the selection' },
          ...breadcrumb(sel).map((a) =>
            h('button', { type: 'button', 'aria-pressed': String(a === sel), onclick: () => select(a), text: elementLabel(a) }),
          ),
        ),
      );
      if (sr) {
        kids.push(h('p', {}, 'Selector: ', h('code', { text: sr.selector })));
        if (!sel.isConnected)
          kids.push(h('p', { class: 'warn', role: 'alert', text: 'The selected element left the page (navigation or re-render).' }));
        else if (!sr.stable)
          kids.push(
            h('p', {
              class: 'warn',
              text: `No unique stable selector: the best one (${sr.best}) matches ${sr.bestCount} elements. This one counts positions, which a page change can break.`,
            }),
          );
      }
      if (!ro && history.now.selector && !onTarget()) {
        kids.push(
          h('p', {}, 'Changes apply to the changed element. Drag the selection onto it, or:'),
          h('button', { type: 'button', onclick: () => move('before'), disabled: !t }, 'Move above the changed element'),
          h('button', { type: 'button', onclick: () => move('after'), disabled: !t }, 'Move below the changed element'),
          h(
            'button',
            {
              type: 'button',
              onclick: () => sr && edit(() => [], sr.selector),
            },
            list.length ? 'Change this element instead (drops these changes)' : 'Change this element instead',
          ),
        );
      }
      if (!ro && onTarget()) kids.push(...controls(sel as HTMLElement, list));
    }

    kids.push(h('h3', { text: `Changes (${list.length})` }));
    if (list.length) kids.push(h('ul', {}, ...list.map((c) => h('li', { text: describe(c) }))));
    if (problem) kids.push(h('p', { class: 'warn', role: 'alert', text: problem }));

    kids.push(
      h(
        'div',
        { class: 'row', role: 'group', 'aria-label': 'Preview width' },
        ...WIDTHS.map(([name, px]) =>
          h('button', { type: 'button', 'aria-pressed': String(width === px), onclick: () => setWidth(px) }, name),
        ),
      ),
      h(
        'div',
        { class: 'row' },
        h('button', { type: 'button', disabled: !history.canUndo, onclick: () => history.undo() && (show(), render()) }, 'Undo'),
        h('button', { type: 'button', disabled: !history.canRedo, onclick: () => history.redo() && (show(), render()) }, 'Redo'),
        h('button', { type: 'button', class: 'primary', disabled: ro || saved === JSON.stringify(history.now), onclick: save }, 'Save'),
      ),
      h('p', { class: 'status', role: 'status', text: status }),
    );
    const focused = root.activeElement?.getAttribute('aria-label') || root.activeElement?.textContent;
    panel.replaceChildren(...(kids.filter(Boolean) as Node[]));
    // Keep keyboard focus on the same control across re-renders.
    if (focused)
      for (const c of Array.from(panel.querySelectorAll('button,select,input')))
        if ((c.getAttribute('aria-label') || c.textContent) === focused) {
          (c as HTMLElement).focus();
          break;
        }
  }

  function controls(el: HTMLElement, list: RuleChange[]): Node[] {
    const cs = getComputedStyle(el);
    const hex = (v: string) => {
      const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(v);
      return m
        ? '#' +
            m
              .slice(1, 4)
              .map((x) => (+x).toString(16).padStart(2, '0'))
              .join('')
        : '#000000';
    };
    const style = (name: string, label: string, input: HTMLElement) =>
      h('div', { class: 'row' }, h('label', { for: 'cro-' + name, text: label }), input);
    const styleInput = (name: string, type: string, unit = '', extra: Record<string, string> = {}) => {
      const now =
        valueOf(list, 'set_style', name) ||
        (type === 'color' ? hex(cs.getPropertyValue(name)) : parseFloat(cs.getPropertyValue(name)) + '');
      return h('input', {
        id: 'cro-' + name,
        type,
        value: type === 'color' ? now : now.replace(unit, ''),
        ...extra,
        onchange: (ev: Event) => {
          const v = (ev.target as HTMLInputElement).value;
          change({ type: 'set_style', name, value: v === '' ? '' : v + unit });
        },
      });
    };
    const weight = h(
      'select',
      {
        id: 'cro-font-weight',
        onchange: (ev: Event) => change({ type: 'set_style', name: 'font-weight', value: (ev.target as HTMLSelectElement).value }),
      },
      ...['', '400', '500', '600', '700', '800'].map((w) =>
        h('option', { value: w, selected: (valueOf(list, 'set_style', 'font-weight') || '') === w, text: w || 'As the page' }),
      ),
    );
    const hidden = list.some((c) => c.type === 'hide');
    return [
      h('h3', { text: 'Change' }),
      h(
        'div',
        { class: 'row' },
        h(
          'button',
          { type: 'button', onclick: startText, disabled: !!editing },
          editing ? 'Editing text: Enter to keep, Escape to cancel' : 'Edit text',
        ),
        h(
          'button',
          {
            type: 'button',
            'aria-pressed': String(hidden),
            onclick: () => edit((l) => (hidden ? l.filter((c) => c.type !== 'hide') : put(l, { type: 'hide' }))),
          },
          'Hide',
        ),
      ),
      h('button', { type: 'button', onclick: suggest, disabled: !(el.textContent || '').trim() }, 'Suggest copy'),
      ideas &&
        h(
          'div',
          { role: 'group', 'aria-label': 'Suggested copy' },
          h('p', {
            text:
              ideas.engine === 'model'
                ? `Suggested by ${ideas.model || 'the configured model'}:`
                : 'Suggested by the built-in engine (no model answered):',
          }),
          ...ideas.suggestions.map((t) => h('button', { type: 'button', onclick: () => change({ type: 'set_text', value: t }) }, t)),
        ),
      style('color', 'Text colour', styleInput('color', 'color')),
      style('background-color', 'Background', styleInput('background-color', 'color')),
      style('font-size', 'Font size (px)', styleInput('font-size', 'number', 'px', { min: '6', max: '200' })),
      style('font-weight', 'Font weight', weight),
      style('padding', 'Padding (px)', styleInput('padding', 'number', 'px', { min: '0', max: '200' })),
      style('border-radius', 'Corner radius (px)', styleInput('border-radius', 'number', 'px', { min: '0', max: '200' })),
      ...urlControls(el, list),
      ...patternControls(list),
      ...rawControls(list),
    ].filter((n): n is HTMLElement => !!n);
  }

  /** An image's source and a link's target, as URLs the sanitizer accepts (anything else is explained). */
  function urlControls(el: HTMLElement, list: RuleChange[]): Node[] {
    const attr = el.localName === 'img' ? 'src' : el.localName === 'a' ? 'href' : '';
    if (!attr) return [];
    const label = attr === 'src' ? 'Image URL' : 'Link target (URL)';
    const input = h('input', { id: 'cro-url', type: 'url', value: valueOf(list, 'set_attribute', attr) || el.getAttribute(attr) || '' });
    const apply = () => {
      const v = (input as HTMLInputElement).value.trim();
      change({ type: 'set_attribute', name: attr, value: v });
      // An image with a srcset shows from it: the new image replaces both.
      if (attr === 'src' && el.hasAttribute('srcset')) change({ type: 'set_attribute', name: 'srcset', value: v });
    };
    const row = h(
      'div',
      { class: 'row' },
      h('label', { for: 'cro-url', text: label }),
      input,
      h('button', { type: 'button', onclick: apply }, 'Apply'),
    );
    if (attr !== 'src') return [row];
    // An uploaded image is stored as a site file on our server; its URL becomes the new source.
    const file = h('input', {
      id: 'cro-upload',
      type: 'file',
      accept: 'image/jpeg,image/png,image/webp,image/gif',
      onchange: async () => {
        const f = (file as HTMLInputElement).files?.[0];
        if (!f) return;
        status = 'Uploading…';
        render();
        const form = new FormData();
        form.append('s', state.s);
        form.append('file', f);
        try {
          const r = await fetch(origin + '/api/cro/editor/upload', { method: 'POST', body: form });
          const j = (await r.json()) as { message?: string; path?: string };
          if (!r.ok || !j.path) status = `Not uploaded: ${j.message}`;
          else {
            (input as HTMLInputElement).value = origin + j.path;
            apply();
            status = 'Uploaded: the image now shows the new file.';
          }
        } catch (_) {
          status = 'Not uploaded: the server could not be reached.';
        }
        render();
      },
    });
    return [
      row,
      h('div', { class: 'row' }, h('label', { for: 'cro-upload', text: 'Or upload an image (JPEG, PNG, WebP, GIF; 2 MB)' }), file),
    ];
  }

  /** Insert a Pattern Library pattern before or after the changed element. */
  function patternControls(list: RuleChange[]): Node[] {
    const patterns = state.patterns || [];
    if (!patterns.length) return [];
    const pick = h(
      'select',
      { id: 'cro-pattern' },
      ...patterns.map((p, i) => h('option', { value: String(i), text: `${p.name} (${p.category})` })),
    ) as HTMLSelectElement;
    const insert = (where: 'before' | 'after') => () => {
      const p = patterns[+pick.value];
      if (!p) return;
      for (const c of [
        { type: 'insert_after' as const, value: p.html },
        ...(p.css ? [{ type: 'inject_css' as const, value: p.css }] : []),
      ]) {
        const bad = changeProblem(c);
        if (bad) {
          status = `Not inserted: the pattern ${bad}.`;
          render();
          return;
        }
      }
      edit((l) => patternChanges(l, p.html, p.css, where));
      status = `Inserted “${p.name}” ${where === 'before' ? 'above' : 'below'} the element.`;
      render();
    };
    return [
      h(
        'div',
        { role: 'group', 'aria-label': 'Insert a pattern' },
        h('label', { for: 'cro-pattern', text: 'Pattern from the library' }),
        pick,
        h('button', { type: 'button', onclick: insert('before') }, 'Insert above'),
        h('button', { type: 'button', onclick: insert('after') }, 'Insert below'),
        withoutPatterns(list).length !== list.length &&
          h(
            'button',
            {
              type: 'button',
              onclick: () => edit(withoutPatterns),
            },
            'Remove inserted patterns',
          ),
      ),
    ].filter((n): n is HTMLElement => !!n);
  }

  /** For power users: the element's HTML and CSS for the page, through the same sanitizer. */
  function rawControls(list: RuleChange[]): Node[] {
    const html = h('textarea', { id: 'cro-html', rows: 3, value: valueOf(list, 'set_html') });
    const css = h('textarea', { id: 'cro-css', rows: 3, value: valueOf(list, 'inject_css') });
    const apply = (type: 'set_html' | 'inject_css', box: HTMLElement) => () => change({ type, value: (box as HTMLTextAreaElement).value });
    return [
      h(
        'details',
        {},
        h('summary', { text: 'HTML and CSS' }),
        h('label', { for: 'cro-html', text: 'HTML of the element (replaces its content)' }),
        html,
        h('button', { type: 'button', onclick: apply('set_html', html) }, 'Apply HTML'),
        h('label', { for: 'cro-css', text: 'CSS added to the page' }),
        css,
        h('button', { type: 'button', onclick: apply('inject_css', css) }, 'Apply CSS'),
      ),
    ];
  }

  show();
  render();
}

/**
 * The narrow-width preview inside the editor's frame: the same engine on the framed page,
 * driven by the editor in the parent window.
 */
export function p(): void {
  (window as unknown as { croEditorPreview: (q: string, c: RuleChange[]) => void }).croEditorPreview = (q, c) => preview(q, c, () => {});
}
