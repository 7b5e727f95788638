// @ts-check
// Sliding-window counters in the app's memory store, for limits keyed by something other than
// the client address (an account, a mail recipient, a site, an inviter). A restart forgets them,
// which is acceptable for limits that only slow abuse down.
function recent(app, key, windowSec) {
  var since = Date.now() - windowSec * 1000;
  var raw = app.store().get('attempts:' + key);
  if (!raw) return [];
  return String(raw)
    .split(',')
    .map(Number)
    .filter(function (t) {
      return t > since;
    });
}

module.exports = {
  /** How many hits key had in the last windowSec seconds. */
  count: function (app, key, windowSec) {
    return recent(app, key, windowSec).length;
  },

  /** Records one hit for key. */
  add: function (app, key, windowSec) {
    var hits = recent(app, key, windowSec);
    hits.push(Date.now());
    app.store().set('attempts:' + key, hits.join(','));
  },

  /** Records a hit unless key already had max in the window; false when refused. */
  take: function (app, key, max, windowSec) {
    if (module.exports.count(app, key, windowSec) >= max) return false;
    module.exports.add(app, key, windowSec);
    return true;
  },

  /** A positive integer from the environment, or the fallback. */
  envLimit: function (name, fallback) {
    var n = parseInt($os.getenv(name), 10);
    return n > 0 ? n : fallback;
  },
};
