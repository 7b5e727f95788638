// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// The install's own health checks (pocketbase/status): one row per service per minute, 90 days,
// read by /api/cro/status; superusers only through the API.
migrate(
  (app) => {
    const c = new Collection({
      type: 'base',
      name: 'status_checks',
      fields: [
        { name: 'service', type: 'text', required: true, max: 100 },
        { name: 'ok', type: 'bool' },
        { name: 'latency_ms', type: 'number', onlyInt: true, min: 0 },
        { name: 'error', type: 'text', max: 300 },
        { name: 'checked_at', type: 'date', required: true },
      ],
      indexes: ['CREATE INDEX idx_status_checks_service_time ON status_checks (service, checked_at)'],
    });
    app.save(c);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('status_checks'));
  },
);
