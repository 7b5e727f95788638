// @ts-check
// Per-client rate limit of website scans, kept in the app's in-memory store (fixed windows).
// CRO_SCAN_RATE_LIMIT scans (default 10) per CRO_SCAN_RATE_WINDOW seconds (default 600).
var PREFIX = 'cro.scan.rl.';

function settings() {
  var max = parseInt($os.getenv('CRO_SCAN_RATE_LIMIT') || '10', 10);
  var win = parseInt($os.getenv('CRO_SCAN_RATE_WINDOW') || '600', 10);
  return { max: max > 0 ? max : 10, windowMs: (win > 0 ? win : 600) * 1000 };
}

function prune(store, now, windowMs) {
  var all = store.getAll();
  for (var key in all) {
    if (key.indexOf(PREFIX) === 0 && (!all[key] || now - all[key].start >= windowMs)) store.remove(key);
  }
}

module.exports = {
  /** True when the client has used up its scans for the window (counts nothing). */
  exhausted: function (app, clientKey) {
    var cfg = settings();
    var entry = app.store().get(PREFIX + clientKey);
    return !!entry && Date.now() - entry.start < cfg.windowMs && entry.count >= cfg.max;
  },

  /** Counts one scan for the client; false when the client is over its limit. */
  take: function (app, clientKey) {
    var cfg = settings();
    var now = Date.now();
    var store = app.store();
    if (Math.random() < 0.02) prune(store, now, cfg.windowMs);
    var allowed = true;
    store.setFunc(PREFIX + clientKey, function (old) {
      var entry = old && now - old.start < cfg.windowMs ? { start: old.start, count: old.count } : { start: now, count: 0 };
      if (entry.count >= cfg.max) allowed = false;
      else entry.count += 1;
      return entry;
    });
    return allowed;
  },
};
