// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Proof of control of a site's domain before the install serves its zone or the edge its hosts
// (pocketbase/dnsverify/ownership.go): a random token the site publishes as a TXT record at its
// current DNS host, the zone the proof is for (the registrable domain, $domainzone.of), and whether
// it was proved. A unique index lets one site per zone hold the proof. All three are the server's.
//
// Sites verified before this migration keep serving: per zone, the one the DNS served (the oldest
// verified) holds the proof; any other verified site of that zone must prove control again.
migrate(
  (app) => {
    const FIELDS = ['verification_token', 'verification_zone', 'ownership_verified'];
    const guard = FIELDS.map((f) => `@request.body.${f}:isset = false`).join(' && ');
    const sites = app.findCollectionByNameOrId('sites');
    sites.fields.add(new TextField({ name: 'verification_token', max: 64 }));
    sites.fields.add(new TextField({ name: 'verification_zone', max: 253 }));
    sites.fields.add(new BoolField({ name: 'ownership_verified' }));
    sites.createRule = `${sites.createRule} && ${guard}`;
    sites.updateRule = `${sites.updateRule} && ${guard}`;
    app.save(sites);

    const raw = app.unsafeWithoutHooks();
    /** @type {Record<string, boolean>} */
    const proved = {};
    for (const site of app.findRecordsByFilter('sites', 'id != ""', 'created_at', 0, 0)) {
      const zone = $domainzone.of(site.getString('domain'));
      site.set('verification_token', $security.randomStringWithAlphabet(32, 'abcdefghijkmnpqrstuvwxyz23456789'));
      site.set('verification_zone', zone);
      if (site.getBool('dns_verified') && !proved[zone]) {
        proved[zone] = true;
        site.set('ownership_verified', true);
      } else if (site.getBool('dns_verified')) {
        site.set('dns_verified', false);
        if (site.getString('status') === 'active') site.set('status', 'pending');
      }
      raw.save(site);
    }

    sites.addIndex('idx_sites_verification_zone', true, 'verification_zone', 'ownership_verified = TRUE');
    app.save(sites);
  },
  (app) => {
    const FIELDS = ['verification_token', 'verification_zone', 'ownership_verified'];
    const guard = FIELDS.map((f) => `@request.body.${f}:isset = false`).join(' && ');
    const sites = app.findCollectionByNameOrId('sites');
    sites.removeIndex('idx_sites_verification_zone');
    sites.createRule = (sites.createRule || '').replace(` && ${guard}`, '');
    sites.updateRule = (sites.updateRule || '').replace(` && ${guard}`, '');
    for (const f of FIELDS) sites.fields.removeByName(f);
    app.save(sites);
  },
);
