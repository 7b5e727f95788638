/**
 * 'Watch Replay': the recording played by rrweb's replayer in a sandboxed frame, with play/pause,
 * speed, skip inactivity, and a timeline marking page views, clicks and errors (click a mark to
 * jump there) and, below it, the session's frustration signals (each a button that jumps to it);
 * 'Export Events' downloads the recording's raw events file.
 */
import { Download, Pause, Play, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Replayer } from '@rrweb/replay';
import '@rrweb/replay/dist/style.css';
import { formatDuration } from '../../../lib/recordings/format';
import { timelineMarks, type MarkKind } from '../../../lib/recordings/timeline';
import { signalMarks, type SignalKind, type StoredSignal } from '../../../lib/recordings/signals';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { errorMessage } from '../../data/errors';
import { fetchRecordingEvents } from '../../data/recordings';
import type { SessionRecordingRecord } from '../../data/records';
import { download } from './download';

type Events = Awaited<ReturnType<typeof fetchRecordingEvents>>;
const SPEEDS = [1, 2, 4, 8] as const;
const MARK_COLOURS: Record<MarkKind, string> = { page: 'bg-indigo-600', click: 'bg-emerald-500', error: 'bg-red-600' };
const SIGNAL_COLOURS: Record<SignalKind, string> = {
  rage: 'bg-red-600',
  dead: 'bg-amber-500',
  error_click: 'bg-fuchsia-600',
  quick_back: 'bg-sky-600',
  excessive_scroll: 'bg-slate-600',
};

export function ReplayDialog({ recording, onClose }: { recording: SessionRecordingRecord; onClose: () => void }) {
  const [events, setEvents] = useState<Events | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetchRecordingEvents(recording.id).then(setEvents, (err) => setError(errorMessage(err, 'Could not load the recording')));
  }, [recording.id]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4"
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Session replay"
        className="max-h-[95vh] w-full max-w-5xl overflow-y-auto rounded-lg bg-white p-5 shadow-xl"
      >
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Session replay</h2>
          <div className="flex items-center gap-2">
            {events && (
              <Button
                variant="outline"
                onClick={() => download(`recording-${recording.id}.json`, JSON.stringify(events), 'application/json')}
              >
                <Download className="h-4 w-4" aria-hidden />
                Export Events
              </Button>
            )}
            <button type="button" aria-label="Close" onClick={onClose} className="rounded p-1 hover:bg-slate-100">
              <X className="h-4 w-4" />
            </button>
          </div>
        </div>
        <p className="mb-3 text-sm text-slate-600">
          {recording.page_url} · {formatDuration(recording.duration_seconds)} · {recording.device_type} {recording.browser}
        </p>
        {error ? (
          <p className="rounded-md bg-red-50 p-3 text-sm text-red-800">{error}</p>
        ) : !events ? (
          <Spinner />
        ) : events.length < 2 ? (
          <p className="text-sm text-slate-600">This recording holds too few events to play.</p>
        ) : (
          <Player events={events} signals={recording.signals} />
        )}
      </div>
    </div>
  );
}

function Player({ events, signals }: { events: Events; signals: StoredSignal[] | null }) {
  const frame = useRef<HTMLDivElement>(null);
  const replayer = useRef<Replayer | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(1);
  const [skip, setSkip] = useState(true);
  const [time, setTime] = useState(0);
  const [total, setTotal] = useState(0);
  const marks = useMemo(() => timelineMarks(events), [events]);
  const start = useMemo(() => events.reduce((m, e) => Math.min(m, e.timestamp), Infinity), [events]);
  const frustration = useMemo(() => signalMarks(signals, start, total), [signals, start, total]);

  useEffect(() => {
    if (!frame.current) return;
    const r = new Replayer(events as never, { root: frame.current, skipInactive: true, showWarning: false, mouseTail: false, speed: 1 });
    replayer.current = r;
    setTotal(r.getMetaData().totalTime);
    fit(r, frame.current);
    r.on('finish', () => setPlaying(false));
    r.on('resize', () => frame.current && fit(r, frame.current));
    const timer = setInterval(() => setTime(Math.min(r.getCurrentTime(), r.getMetaData().totalTime)), 200);
    r.pause(0);
    return () => {
      clearInterval(timer);
      r.destroy();
      replayer.current = null;
    };
  }, [events]);

  const seek = (at: number) => {
    const r = replayer.current;
    if (!r) return;
    if (playing) r.play(at);
    else r.pause(at);
    setTime(at);
  };
  const toggle = () => {
    const r = replayer.current;
    if (!r) return;
    if (playing) r.pause();
    else r.play(time >= total ? 0 : time);
    setPlaying(!playing);
  };

  return (
    <div className="space-y-3">
      <div
        ref={frame}
        className="replay-frame relative h-[60vh] overflow-hidden rounded border border-slate-200 bg-slate-100"
        data-testid="replay-frame"
      />
      <div className="relative h-3 rounded bg-slate-200" aria-hidden="true">
        {marks.map((m, i) => (
          <button
            key={i}
            type="button"
            tabIndex={-1}
            title={`${m.label} at ${formatDuration(m.at / 1000)}`}
            onClick={() => seek(m.at)}
            className={`absolute top-0 h-3 w-1 ${MARK_COLOURS[m.kind]}`}
            style={{ left: `${total ? (m.at / total) * 100 : 0}%` }}
            data-testid={`mark-${m.kind}`}
          />
        ))}
      </div>
      {frustration.length > 0 && (
        <div className="space-y-1" data-testid="signal-timeline">
          <div className="relative h-3 rounded bg-red-50" aria-hidden="true">
            {frustration.map((m, i) => (
              <span
                key={i}
                className={`absolute top-0 h-3 w-1 ${SIGNAL_COLOURS[m.kind]}`}
                style={{ left: `${total ? (m.at / total) * 100 : 0}%` }}
                data-testid={`signal-mark-${m.kind}`}
              />
            ))}
          </div>
          <ul className="flex flex-wrap gap-2 text-xs" aria-label="Frustration signals">
            {frustration.map((m, i) => (
              <li key={i}>
                <button
                  type="button"
                  onClick={() => seek(m.at)}
                  className="flex items-center gap-1 rounded border border-slate-200 px-2 py-0.5 hover:bg-slate-50"
                  data-testid={`signal-${m.kind}`}
                >
                  <span className={`inline-block h-2 w-2 rounded-full ${SIGNAL_COLOURS[m.kind]}`} aria-hidden />
                  {m.label} at {formatDuration(m.at / 1000)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <input
        type="range"
        aria-label="Position"
        className="w-full"
        min={0}
        max={total}
        step={100}
        value={time}
        onChange={(e) => seek(Number(e.target.value))}
      />
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Button onClick={toggle} aria-label={playing ? 'Pause' : 'Play'}>
          {playing ? <Pause className="h-4 w-4" aria-hidden /> : <Play className="h-4 w-4" aria-hidden />}
          {playing ? 'Pause' : 'Play'}
        </Button>
        <span data-testid="replay-time">
          {formatDuration(time / 1000)} / {formatDuration(total / 1000)}
        </span>
        <label className="flex items-center gap-1">
          Speed
          <select
            value={speed}
            onChange={(e) => {
              const s = Number(e.target.value);
              setSpeed(s);
              replayer.current?.setConfig({ speed: s });
            }}
            className="rounded border border-slate-300 px-1 py-0.5"
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}x
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={skip}
            onChange={(e) => {
              setSkip(e.target.checked);
              replayer.current?.setConfig({ skipInactive: e.target.checked });
            }}
          />
          Skip inactivity
        </label>
        <span className="flex items-center gap-3 text-xs text-slate-500">
          <Legend kind="page" label="Page view" />
          <Legend kind="click" label="Click" />
          <Legend kind="error" label="Error" />
        </span>
      </div>
    </div>
  );
}

function Legend({ kind, label }: { kind: MarkKind; label: string }) {
  return (
    <span className="flex items-center gap-1">
      <span className={`inline-block h-2 w-2 rounded-full ${MARK_COLOURS[kind]}`} aria-hidden />
      {label}
    </span>
  );
}

/** Scales the replayed page (recorded at the visitor's viewport) to fit the frame. */
function fit(r: Replayer, box: HTMLElement) {
  const iframe = r.iframe;
  const w = Number(iframe.width) || iframe.offsetWidth;
  const h = Number(iframe.height) || iframe.offsetHeight;
  if (!w || !h) return;
  const scale = Math.min(box.clientWidth / w, box.clientHeight / h, 1);
  r.wrapper.style.transform = `scale(${scale})`;
  r.wrapper.style.transformOrigin = 'top left';
}
