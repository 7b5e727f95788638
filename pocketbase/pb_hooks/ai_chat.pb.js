// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// The AI chat: POST /api/cro/ai/chat streams the answer to {siteId, messages} as `data:` lines
// (pocketbase/ai). Paid plans only, within the plan's daily messages and monthly tokens. Every
// answer is grounded in the site's own data, built here on the server. With a model configured
// (AI_API_KEY) the model answers through the Go proxy; otherwise the built-in analyst does.
// GET /api/cro/ai/status/{siteId} tells the UI which engine answers and what the plan allows.

routerAdd(
  'GET',
  '/api/cro/ai/status/{siteId}',
  (e) => {
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const site = require(`${__hooks}/lib/site_guard.js`).requireSiteRole(e, e.request.pathValue('siteId'), 'viewer', {
      notFound: 'No site found',
    });
    const tier = domain.normalizeTier(site.getString('plan_tier'));
    const configured = $ai.configured();
    return e.json(200, {
      engine: configured ? 'model' : 'builtin',
      model: configured ? $ai.model() : domain.ANALYST_NAME,
      entitled: domain.can(tier, 'ai_chat'),
      quota: domain.AI_QUOTAS[tier],
      usage: require(`${__hooks}/lib/ai_usage.js`).usage(e.app, site.id),
    });
  },
  $apis.requireAuth(),
);

routerAdd(
  'POST',
  '/api/cro/ai/chat',
  (e) => {
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const reply = require(`${__hooks}/lib/http_reply.js`);
    const usage = require(`${__hooks}/lib/ai_usage.js`);
    const fail = (status, message, extra) =>
      e.json(status, Object.assign({ status: status, message: message, error: message }, extra || {}));

    const body = reply.body(e);
    const site = require(`${__hooks}/lib/site_guard.js`).requireSiteRole(e, body && body.siteId, 'viewer', { notFound: 'No site found' });
    const parsed = domain.parseChatMessages(body && body.messages);
    if (parsed.ok === false) return fail(400, parsed.error);
    const tier = domain.normalizeTier(site.getString('plan_tier'));
    if (!domain.can(tier, 'ai_chat')) return fail(403, domain.upgradeMessage('ai_chat'), { code: 'upgrade_required' });
    const refusal = usage.take(e.app, site.id, tier);
    if (refusal) return fail(429, refusal.error, { code: refusal.code });

    const grounding = require(`${__hooks}/lib/ai_grounding.js`).build(e.app, site);
    const messages = parsed.messages;
    if (!$ai.configured()) {
      const question = messages[messages.length - 1].content;
      const patterns = require(`${__hooks}/lib/cro_patterns.json`);
      e.response.header().set('X-AI-Engine', 'builtin');
      $ai.streamText(e, domain.streamPieces(domain.analystAnswer(question, grounding, patterns)));
      return;
    }
    e.response.header().set('X-AI-Engine', 'model');
    const res = $ai.streamChat(e, [{ role: 'system', content: domain.groundingPrompt(grounding) }].concat(messages));
    usage.settle(e.app, site.id, res.tokens, !res.started);
    if (!res.started) return fail(res.status, res.error);
  },
  $apis.requireAuth(),
  $apis.bodyLimit(64 << 10),
);
