// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Where the edge fetches a DNS-connected site's pages when the owner sets it (an http:// or
// https:// address); empty: the A/AAAA records of the host in the site's DNS records.
migrate(
  (app) => {
    const sites = app.findCollectionByNameOrId('sites');
    sites.fields.add(new TextField({ name: 'edge_origin', max: 2048 }));
    app.save(sites);
  },
  (app) => {
    const sites = app.findCollectionByNameOrId('sites');
    sites.fields.removeByName('edge_origin');
    app.save(sites);
  },
);
