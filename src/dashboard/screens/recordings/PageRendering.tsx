/**
 * The page's rendering at the device class's width in a sandboxed iframe without scripts, scaled to
 * fit, with the heat layer (a canvas: each click bin placed in its element's box as laid out here)
 * or the scroll map's bands over it. The canvas carries the points it drew (`data-points`, page
 * coordinates of the rendering) so that what is drawn can be checked against the elements. Keyed
 * by page and device by its parent: a new one measures its page afresh.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DEVICE_WIDTHS, formatShare, placeClicks, type ClickBin, type DeviceClass, type HeatPoint } from '../../../lib/heatmap';
import type { ScrollMap } from '../../data/heatmaps';

/** The rendering's height is capped: an endless page would make an endless canvas. */
const MAX_HEIGHT = 12_000;
const RADIUS = 24;

function drawHeat(canvas: HTMLCanvasElement, points: HeatPoint[]) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  const max = Math.max(1, ...points.map((p) => p.clicks));
  for (const p of points) {
    const strength = 0.35 + 0.65 * (p.clicks / max);
    const g = ctx.createRadialGradient(p.x, p.y, 0, p.x, p.y, RADIUS);
    g.addColorStop(0, `rgba(220, 38, 38, ${strength})`);
    g.addColorStop(0.5, `rgba(249, 115, 22, ${strength * 0.6})`);
    g.addColorStop(1, 'rgba(250, 204, 21, 0)');
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(p.x, p.y, RADIUS, 0, 2 * Math.PI);
    ctx.fill();
  }
}

export function PageRendering({
  url,
  device,
  view,
  bins,
  scroll,
}: {
  url: string;
  device: DeviceClass;
  view: 'clicks' | 'scroll';
  bins: ClickBin[];
  scroll?: ScrollMap;
}) {
  const width = DEVICE_WIDTHS[device];
  const outer = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [height, setHeight] = useState(0);
  const [scale, setScale] = useState(1);
  const [layer, setLayer] = useState<{ points: HeatPoint[]; missing: string[] }>();

  useLayoutEffect(() => {
    const el = outer.current;
    if (!el) return;
    const fit = () => setScale(Math.min(1, el.clientWidth / width));
    fit();
    const ro = new ResizeObserver(fit);
    ro.observe(el);
    return () => ro.disconnect();
  }, [width]);

  const onLoad = () => {
    const doc = frame.current?.contentDocument;
    if (doc) setHeight(Math.min(MAX_HEIGHT, Math.max(doc.documentElement.scrollHeight, doc.body?.scrollHeight ?? 0)));
  };

  // Once the iframe has its full height (elements sized by the viewport height settle), place the clicks.
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    const win = frame.current?.contentWindow;
    if (!height || !doc || !win) return;
    setLayer(
      placeClicks(bins, (selector) => {
        let el: Element | null;
        try {
          el = doc.querySelector(selector);
        } catch {
          return null; // not a selector this browser reads
        }
        if (!el) return null;
        const r = el.getBoundingClientRect();
        return { left: r.left + win.scrollX, top: r.top + win.scrollY, width: r.width, height: r.height };
      }),
    );
  }, [height, bins]);

  useEffect(() => {
    if (canvas.current && layer) drawHeat(canvas.current, layer.points);
  }, [layer, height, view]);

  return (
    <div>
      {layer && layer.missing.length > 0 && view === 'clicks' && (
        <p className="mb-2 text-sm text-amber-800" data-testid="heatmap-missing">
          {layer.missing.length} clicked {layer.missing.length === 1 ? 'element is' : 'elements are'} not on the page as it is now.
        </p>
      )}
      <div ref={outer} className="overflow-hidden rounded-md border border-slate-200 bg-white" style={{ height: (height || 600) * scale }}>
        <div className="relative origin-top-left" style={{ width, transform: `scale(${scale})` }}>
          <iframe
            ref={frame}
            src={url}
            title="Page rendering"
            sandbox="allow-same-origin"
            onLoad={onLoad}
            style={{ width, height: height || 600, border: 0, display: 'block' }}
            data-testid="heatmap-frame"
          />
          {view === 'clicks' && height > 0 && (
            <canvas
              ref={canvas}
              width={width}
              height={height}
              className="pointer-events-none absolute left-0 top-0"
              data-testid="heat-layer"
              data-points={layer ? JSON.stringify(layer.points) : undefined}
              aria-label={layer ? `Heat layer: ${layer.points.reduce((n, p) => n + p.clicks, 0)} clicks placed` : 'Heat layer'}
              role="img"
            />
          )}
          {view === 'scroll' && height > 0 && scroll && (
            <div className="pointer-events-none absolute inset-0" data-testid="scroll-map">
              {scroll.bands.map((b) => (
                <div
                  key={b.depth}
                  data-testid="scroll-band"
                  className="absolute left-0 right-0 flex items-start justify-end border-t border-indigo-300"
                  style={{ top: `${b.depth - 10}%`, height: '10%', background: `rgba(79, 70, 229, ${0.08 + 0.5 * b.share})` }}
                >
                  <span className="m-1 rounded bg-white/90 px-2 py-0.5 text-xs font-medium text-slate-800">
                    {b.depth}% of the page: {formatShare(b.share)} of visitors
                  </span>
                </div>
              ))}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
