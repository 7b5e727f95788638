import { describe, expect, it } from 'vitest';
import { formatDuration, recordingsCsv, type RecordingRow } from '../../src/lib/recordings/format';
import { NO_FILTERS, filtersFromQuery, recordingFilter, recordingSort } from '../../src/lib/recordings/filters';
import { signalMarks } from '../../src/lib/recordings/signals';
import { checkRecordingSetting } from '../../src/lib/recordings/settings';
import { timelineMarks } from '../../src/lib/recordings/timeline';
import { sessionSampled } from '../../src/lib/contracts/recorder-config';
import { startOfTodayIn } from '../../src/lib/recordings/today';
import { checkSiteSetting, describeSettingChanges } from '../../src/lib/site-settings';

describe('recording durations', () => {
  it.each([
    [0, '0:00'],
    [7, '0:07'],
    [59.6, '1:00'],
    [750, '12:30'],
    [4502, '75:02'],
  ])('%s s reads %s', (s, text) => expect(formatDuration(s)).toBe(text));
});

describe('the recordings CSV', () => {
  const row: RecordingRow = {
    id: 'r1',
    started_at: '2026-11-23 10:00:00.000Z',
    page_url: 'https://shop.example.com/signup',
    pages: ['https://shop.example.com/signup', 'https://shop.example.com/thanks'],
    duration_seconds: 75,
    device_type: 'desktop',
    browser: 'Chrome',
    country: 'SE',
    clicks: 4,
    rage_clicks: 3,
    dead_clicks: 1,
    errors: 0,
    converted: true,
    events_count: 120,
  };
  it('has a header and one line per recording, durations as minutes:seconds', () => {
    const lines = recordingsCsv([row]).trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,started_at,page_url,pages,duration,duration_seconds,device,browser,country,clicks,rage_clicks,dead_clicks,errors,converted,events',
    );
    expect(lines[1]).toBe(
      'r1,2026-11-23 10:00:00.000Z,https://shop.example.com/signup,https://shop.example.com/signup https://shop.example.com/thanks,1:15,75,desktop,Chrome,SE,4,3,1,0,yes,120',
    );
  });
  it('quotes commas and never starts a cell with a formula', () => {
    const line = recordingsCsv([{ ...row, page_url: '=HYPERLINK("x"),y' }]).split('\r\n')[1]!;
    expect(line).toContain(`"'=HYPERLINK(""x""),y"`);
  });
});

describe('the list filter', () => {
  it('is the site alone without filters', () => {
    expect(recordingFilter('site1', NO_FILTERS)).toEqual({ expr: 'site_id = {:site}', params: { site: 'site1' } });
  });
  it('adds each filter with its value as a parameter, and drops malformed ones', () => {
    const f = recordingFilter('site1', {
      ...NO_FILTERS,
      from: '2026-11-01',
      to: 'yesterday',
      minSeconds: '30',
      maxSeconds: '',
      device: 'mobile',
      country: 'se',
      page: '/checkout',
      converted: 'no',
      withErrors: true,
      withRageClicks: true,
    });
    expect(f.expr).toBe(
      'site_id = {:site} && started_at >= {:from} && duration_seconds >= {:min} && device_type = {:device} && country = {:country} && pages ~ {:page} && converted = {:converted} && errors > 0 && rage_clicks > 0',
    );
    expect(f.params).toEqual({
      site: 'site1',
      from: '2026-11-01 00:00:00.000Z',
      min: 30,
      device: 'mobile',
      country: 'SE',
      page: '/checkout',
      converted: false,
    });
  });
  it('filters by source and each frustration signal, and sorts by the chosen order', () => {
    const f = recordingFilter('site1', {
      ...NO_FILTERS,
      source: ' google.com ',
      withDeadClicks: true,
      withErrorClicks: true,
      withQuickBacks: true,
      withExcessiveScrolling: true,
      frustrated: true,
    });
    expect(f.expr).toBe(
      'site_id = {:site} && source = {:source} && dead_clicks > 0 && error_clicks > 0 && quick_backs > 0 && excessive_scrolls > 0 && frustration_score > 0',
    );
    expect(f.params).toEqual({ site: 'site1', source: 'google.com' });
    expect(recordingSort('frustration')).toBe('-frustration_score,-started_at');
    expect(recordingSort('rage')).toBe('-rage_clicks,-started_at');
    expect(recordingSort('-id')).toBe('-started_at');
  });
  it('reads the filters a link names', () => {
    expect(filtersFromQuery(new URLSearchParams('recording=abc'))).toBeNull();
    expect(filtersFromQuery(new URLSearchParams('page=/checkout&frustrated=1'))).toEqual({
      ...NO_FILTERS,
      page: '/checkout',
      frustrated: true,
      sort: 'frustration',
    });
  });
});

describe('recording settings', () => {
  it('accepts and normalises good values', () => {
    expect(checkRecordingSetting('recording_sample_rate', '25')).toEqual({ ok: true, value: 25 });
    expect(checkRecordingSetting('recording_include', ' /checkout/*\n\n/signup ')).toEqual({ ok: true, value: '/checkout/*\n/signup' });
    expect(checkRecordingSetting('recording_mask_selectors', '.name, #card')).toEqual({ ok: true, value: '.name, #card' });
  });
  it.each([
    ['recording_sample_rate', 101, 'Recorded sessions must be a whole percentage from 0 to 100.'],
    ['recording_sample_rate', 12.5, 'Recorded sessions must be a whole percentage from 0 to 100.'],
    ['recording_min_seconds', -1, 'The minimum recording length must be 0 to 3600 seconds.'],
    ['recording_mask_text', 'yes', 'Mask all text must be on or off.'],
    ['recording_exclude', 'account', 'Pages never recorded: URL pattern must start with /, * or http(s):// ("account").'],
    ['recording_mask_selectors', '.a{color:red}', 'Masked elements must be CSS selectors separated by commas (no { } ; < > or \\).'],
  ] as const)('refuses %s = %j', (key, value, error) => {
    expect(checkRecordingSetting(key, value)).toEqual({ ok: false, error });
  });
  it('are site settings for the hook and read well in the audit log', () => {
    expect(checkSiteSetting('recording_sample_rate', 50)).toEqual({ ok: true, value: 50 });
    expect(describeSettingChanges([{ key: 'recording_sample_rate', from: 100, to: 50 }])).toBe('Recorded sessions: 100% -> 50%');
  });
});

describe('session sampling', () => {
  it('gives a session the same answer every time, and about the share asked', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => (i * 7919).toString(36).padStart(4, 'a') + 'xyz');
    expect(ids.every((s) => sessionSampled(s, 30) === sessionSampled(s, 30))).toBe(true);
    const share = ids.filter((s) => sessionSampled(s, 30)).length / ids.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.35);
    expect(ids.some((s) => sessionSampled(s, 0))).toBe(false);
    expect(ids.every((s) => sessionSampled(s, 100))).toBe(true);
  });
});

describe('the replay timeline', () => {
  it('marks page views, clicks and errors from the recording start', () => {
    const t = 1_763_900_000_000;
    expect(
      timelineMarks([
        { type: 4, timestamp: t, data: { href: 'https://a.example/signup?x=1' } },
        { type: 2, timestamp: t + 5 },
        { type: 3, timestamp: t + 1000, data: { source: 2, type: 2 } },
        { type: 3, timestamp: t + 1100, data: { source: 2, type: 1 } },
        { type: 5, timestamp: t + 2000, data: { tag: 'error', payload: { message: 'boom' } } },
        { type: 5, timestamp: t + 3000, data: { tag: 'page', payload: { href: 'https://a.example/thanks' } } },
      ]),
    ).toEqual([
      { kind: 'page', at: 0, label: '/signup' },
      { kind: 'click', at: 1000, label: 'Click' },
      { kind: 'error', at: 2000, label: 'boom' },
      { kind: 'page', at: 3000, label: '/thanks' },
    ]);
  });
});

describe("today on the site's clock", () => {
  const now = new Date('2026-11-23T20:30:00Z');
  it.each([
    ['', '2026-11-23T00:00:00.000Z'],
    ['Europe/Stockholm', '2026-11-22T23:00:00.000Z'],
    ['Pacific/Apia', '2026-11-23T11:00:00.000Z'], // UTC+13: already the 24th there
    ['Pacific/Honolulu', '2026-11-23T10:00:00.000Z'],
    ['Not/AZone', '2026-11-23T00:00:00.000Z'],
  ])('%s starts today at %s', (zone, start) => {
    expect(startOfTodayIn(zone, now).toISOString()).toBe(start);
  });
});

describe('the signals on the timeline', () => {
  it('places each known signal from the recording start, clamped, in time order', () => {
    const marks = signalMarks(
      [
        { k: 'quick_back', t: 9_000, p: '/pricing' },
        { k: 'rage', t: 3_000, p: '/', s: 'main>div.buy' },
        { k: 'unknown' as never, t: 4_000, p: '/' },
        { k: 'dead', t: 50_000, p: '/' },
      ],
      1_000,
      20_000,
    );
    expect(marks).toEqual([
      { kind: 'rage', at: 2_000, label: 'Rage click on / (main>div.buy)' },
      { kind: 'quick_back', at: 8_000, label: 'Quick back on /pricing' },
      { kind: 'dead', at: 20_000, label: 'Dead click on /' },
    ]);
    expect(signalMarks(null, 0, 10)).toEqual([]);
  });
});
