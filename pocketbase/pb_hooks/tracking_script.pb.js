// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// generate-tracking-script: the snippet a site pastes as high in its pages' <head> as possible.
// It is synchronous (no defer/async) so that optimization rules apply before the first paint;
// the script is small, cacheable, and served at /t/{public_key}.js by the tracker.
// Any member may read it.

routerAdd(
  'POST',
  '/api/cro/generate-tracking-script',
  (e) => {
    const reply = require(`${__hooks}/lib/http_reply.js`);
    const guard = require(`${__hooks}/lib/site_guard.js`);
    const origin = require(`${__hooks}/lib/public_origin.js`).get(e);
    const body = reply.body(e) || {};
    const site = guard.requireSiteRole(e, body.siteId, 'viewer', { required: 'siteId is required' });
    const key = site.getString('public_key');
    return e.json(200, { script: `<script src="${origin}/t/${key}.js"></script>` });
  },
  $apis.requireAuth('users'),
  $apis.bodyLimit(4 << 10),
);
