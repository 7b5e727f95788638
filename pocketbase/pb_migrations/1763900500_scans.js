// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Website scans: the audit of one URL, kept as the 10-minute cache of the public scan and the
// history of dashboard scans. No personal data: no IP, no user, only the URL and the audit.
// Server-only: every rule is null.
migrate(
  (app) => {
    const sites = app.findCollectionByNameOrId('sites');
    const c = new Collection(
      /** @type {CollectionJSON} */ ({
        type: 'base',
        name: 'scans',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'url', type: 'text', required: true, max: 2048 },
          { name: 'final_url', type: 'text', max: 2048 },
          { name: 'source', type: 'select', values: ['public', 'dashboard'], maxSelect: 1, required: true },
          { name: 'site_id', type: 'relation', collectionId: sites.id, maxSelect: 1, cascadeDelete: true },
          { name: 'site_type', type: 'select', values: ['ecommerce', 'local', 'b2b'], maxSelect: 1 },
          { name: 'total', type: 'number', onlyInt: true, min: 0 },
          { name: 'lift_min', type: 'number', min: 0 },
          { name: 'lift_max', type: 'number', min: 0 },
          { name: 'result', type: 'json', maxSize: 1000000 },
          { name: 'html_bytes', type: 'number', onlyInt: true, min: 0 },
          { name: 'duration_ms', type: 'number', onlyInt: true, min: 0 },
          { name: 'created_at', type: 'autodate', onCreate: true, onUpdate: false },
        ],
        indexes: [
          'CREATE INDEX idx_scans_url_created ON scans (url, created_at)',
          'CREATE INDEX idx_scans_site_created ON scans (site_id, created_at)',
          'CREATE INDEX idx_scans_created ON scans (created_at)',
        ],
      }),
    );
    app.save(c);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('scans'));
  },
);
