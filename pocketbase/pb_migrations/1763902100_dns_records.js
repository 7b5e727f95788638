// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// The DNS records of a site's zone, served by the install's nameservers (pocketbase/authdns): the
// apex and www answer the edge; these are every other record (MX, TXT, CNAME, CAA, subdomains) and
// the origin's own addresses. Imported from the domain's previous nameservers when the site is
// added (source "imported", for the owner to review), then kept by the site's editors; members read
// them. The server checks every record (authdns/hooks.go).
migrate(
  (app) => {
    const AUTH = '@request.auth.id != ""';
    const MEMBER = `${AUTH} && site_id.member_ids.id ?= @request.auth.id`;
    const EDITOR = `${AUTH} && site_id.editor_ids.id ?= @request.auth.id`;
    const KEEP_SITE = '(@request.body.site_id:isset = false || @request.body.site_id = site_id)';
    const NO_SOURCE = '@request.body.source:isset = false';
    const sites = app.findCollectionByNameOrId('sites');
    const records = new Collection(
      /** @type {CollectionJSON} */ ({
        type: 'base',
        name: 'dns_records',
        listRule: MEMBER,
        viewRule: MEMBER,
        createRule: `${EDITOR} && ${NO_SOURCE}`,
        updateRule: `${EDITOR} && ${KEEP_SITE} && ${NO_SOURCE}`,
        deleteRule: EDITOR,
        fields: [
          { name: 'site_id', type: 'relation', collectionId: sites.id, maxSelect: 1, required: true, cascadeDelete: true },
          { name: 'name', type: 'text', required: true, min: 1, max: 253 },
          { name: 'type', type: 'select', values: ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'CAA'], maxSelect: 1, required: true },
          { name: 'value', type: 'text', required: true, min: 1, max: 4000 },
          { name: 'ttl', type: 'number', onlyInt: true, min: 60, max: 86400 },
          { name: 'priority', type: 'number', onlyInt: true, min: 0, max: 65535 },
          { name: 'source', type: 'select', values: ['imported', 'owner'], maxSelect: 1 },
          { name: 'created_at', type: 'autodate', onCreate: true, onUpdate: false },
          { name: 'updated_at', type: 'autodate', onCreate: true, onUpdate: true },
        ],
        indexes: ['CREATE INDEX idx_dns_records_site ON dns_records (site_id, name, type)'],
      }),
    );
    app.save(records);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('dns_records'));
  },
);
