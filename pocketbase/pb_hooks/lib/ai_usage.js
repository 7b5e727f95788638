// @ts-check
// The AI allowance of a site: messages per UTC day and model tokens per UTC month, kept in
// ai_usage (one row per site and day) and judged by src/lib/ai/quotas.ts.
/** @param {core.App} app */
function row(app, siteId, period) {
  try {
    return app.findFirstRecordByFilter('ai_usage', 'site_id = {:s} && day = {:d}', { s: siteId, d: period.day });
  } catch (_) {
    var rec = new Record(app.findCollectionByNameOrId('ai_usage'));
    rec.set('site_id', siteId);
    rec.set('day', period.day);
    rec.set('month', period.month);
    rec.set('messages', 0);
    rec.set('tokens', 0);
    return rec;
  }
}

/** @param {core.App} app */
function usage(app, siteId, period) {
  var today = row(app, siteId, period);
  var tokens = 0;
  var month = app.findRecordsByFilter('ai_usage', 'site_id = {:s} && month = {:m}', '', 0, 0, { s: siteId, m: period.month });
  for (var i = 0; i < month.length; i++) tokens += month[i].getInt('tokens');
  /** @type {import('./generated/domain').AiUsage} */
  var u = { messagesToday: today.getInt('messages'), tokensThisMonth: tokens };
  return u;
}

module.exports = {
  /** Today's messages and this month's tokens of a site. */
  usage: function (app, siteId) {
    var domain = require(`${__hooks}/lib/generated/domain.js`);
    return usage(app, siteId, domain.usagePeriod(new Date()));
  },

  /**
   * Counts one chat message if the plan's allowance has room; otherwise returns the refusal
   * ({code, error}) and counts nothing. Check and count run in one transaction.
   * @param {core.App} app
   */
  take: function (app, siteId, tier) {
    var domain = require(`${__hooks}/lib/generated/domain.js`);
    var period = domain.usagePeriod(new Date());
    /** @type {{code: string, error: string} | null} */
    var refusal = null;
    app.runInTransaction(function (tx) {
      refusal = domain.quotaRefusal(tier, usage(tx, siteId, period));
      if (refusal) return;
      var rec = row(tx, siteId, period);
      rec.set('messages', rec.getInt('messages') + 1);
      tx.save(rec);
    });
    return refusal;
  },

  /** Adds the model's tokens, and gives the message back when the model never answered. */
  settle: function (app, siteId, tokens, refundMessage) {
    var domain = require(`${__hooks}/lib/generated/domain.js`);
    var period = domain.usagePeriod(new Date());
    app.runInTransaction(function (tx) {
      var rec = row(tx, siteId, period);
      rec.set('tokens', rec.getInt('tokens') + Math.max(0, Math.round(tokens || 0)));
      if (refundMessage) rec.set('messages', Math.max(0, rec.getInt('messages') - 1));
      tx.save(rec);
    });
  },
};
