// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// generate-tracking-script: the snippet a site pastes as high in its pages' <head> as possible.
// The async loader of src/lib/tracking-snippet.ts: it never blocks parsing, holds the first paint
// only until the tracker has run (at most 1 s), and loads /t/{public_key}.js. Sites that pasted the
// older synchronous <script src> keep working.
// Any member may read it.

routerAdd(
  'POST',
  '/api/cro/generate-tracking-script',
  (e) => {
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const reply = require(`${__hooks}/lib/http_reply.js`);
    const guard = require(`${__hooks}/lib/site_guard.js`);
    const origin = require(`${__hooks}/lib/public_origin.js`).get(e);
    const body = reply.body(e) || {};
    const site = guard.requireSiteRole(e, body.siteId, 'viewer', { required: 'siteId is required' });
    const key = site.getString('public_key');
    return e.json(200, { script: domain.trackingSnippet(origin, key) });
  },
  $apis.requireAuth('users'),
  $apis.bodyLimit(4 << 10),
);
