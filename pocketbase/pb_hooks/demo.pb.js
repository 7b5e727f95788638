// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Book Demo: the enterprise demo form, stored in demo_requests, a few per client address an hour;
// the sales inbox (SALES_EMAIL) is told about each one.

routerAdd(
  'POST',
  '/api/cro/demo-request',
  (e) => {
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const reply = require(`${__hooks}/lib/http_reply.js`);

    // The limit comes before the body is read (which the route's body limit keeps small).
    const ip = e.realIP();
    const since = new Date(Date.now() - 3600 * 1000).toISOString().replace('T', ' ');
    const recent = e.app.findRecordsByFilter(
      'demo_requests',
      'client_ip = {:ip} && created_at > {:since}',
      '',
      domain.DEMO_REQUESTS_PER_HOUR,
      0,
      { ip: ip, since: since },
    );
    if (recent.length >= domain.DEMO_REQUESTS_PER_HOUR) {
      return reply.error(e, 429, 'Too many demo requests. Please try again later or email us.');
    }

    const body = reply.body(e);
    if (!body) return reply.error(e, 400, 'Invalid request body');
    const result = domain.validateDemoRequest(body);
    if (result.ok === false) {
      const data = {};
      for (const key in result.errors) data[key] = { code: 'invalid', message: result.errors[key] };
      return reply.error(e, 400, 'Please check the highlighted fields', data);
    }

    const record = new Record(e.app.findCollectionByNameOrId('demo_requests'));
    for (const key in result.value) record.set(key, result.value[key]);
    record.set('client_ip', ip);
    e.app.save(record);

    const mail = require(`${__hooks}/lib/mail.js`);
    if (mail.salesEmail()) {
      try {
        $mailqueue.send(mail.demoNotice(e.app, result.value), 'demo request notice');
      } catch (err) {
        e.app.logger().error('demo: notifying the sales inbox failed', 'error', String(err));
      }
    }
    return e.json(200, { ok: true });
  },
  $apis.bodyLimit(32 << 10),
);
