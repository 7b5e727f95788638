// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Funnels: a definition is checked (src/lib/funnels.ts) against the site's own goals before it is
// saved, and stored normalized; the collection's rules keep writing to editors. A refused write
// changes nothing. Results are computed in Go (pocketbase/funnels).

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/funnel_check.js`).validate(e, e.record);
  e.next();
}, 'funnels');

onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/funnel_check.js`).validate(e, e.record);
  e.next();
}, 'funnels');

// 'Optimize Funnel' ranks the latest scan's findings with the library's patterns: members read
// the findings of their site's latest scan (the scans collection itself is server-only).
routerAdd('GET', '/api/cro/funnels/{id}/scan-findings', (e) => {
  let funnel;
  try {
    funnel = e.app.findRecordById('funnels', e.request.pathValue('id'));
  } catch (_) {
    throw new NotFoundError('Funnel not found.');
  }
  const site = require(`${__hooks}/lib/site_guard.js`).requireSiteRole(e, funnel.getString('site_id'), 'viewer', {
    notFound: 'Funnel not found.',
    superusers: true,
  });
  const scans = e.app.findRecordsByFilter('scans', 'site_id = {:site}', '-created_at', 1, 0, { site: site.id });
  if (!scans.length) return e.json(200, { findings: [], scannedAt: '' });
  const result = JSON.parse(scans[0].getString('result') || '{}');
  return e.json(200, { findings: result.findings || [], scannedAt: scans[0].getString('created_at') });
});
