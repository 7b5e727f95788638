// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// White label and multi-brand (pocketbase/whitelabel): an organization (the account that pays,
// owner_id, and the people who manage its brands, admin_ids) holds brands; a brand has its name,
// logo, colours, support and billing contacts, its own dashboard domain, and its sites
// (sites.brand_id). Roles stay per site. custom_enterprise (several brands) is the operator's to
// set, like a plan; a brand's domain proof and member_ids (who may read it: the organization's
// managers and the members of its sites) are the server's.
migrate(
  (app) => {
    const AUTH = '@request.auth.id != ""';
    const notSet = (/** @type {string[]} */ fields) => fields.map((f) => `@request.body.${f}:isset = false`).join(' && ');
    const users = app.findCollectionByNameOrId('users');

    const ORG_MANAGER = '(owner_id = @request.auth.id || admin_ids.id ?= @request.auth.id)';
    const orgs = new Collection({
      type: 'base',
      name: 'organizations',
      listRule: `${AUTH} && ${ORG_MANAGER}`,
      viewRule: `${AUTH} && ${ORG_MANAGER}`,
      createRule: `${AUTH} && @request.body.owner_id = @request.auth.id && ${notSet(['custom_enterprise'])}`,
      updateRule: `${AUTH} && owner_id = @request.auth.id && (@request.body.owner_id:isset = false || @request.body.owner_id = owner_id) && ${notSet(['custom_enterprise'])}`,
      deleteRule: `${AUTH} && owner_id = @request.auth.id`,
    });
    for (const f of [
      new TextField({ name: 'name', min: 1, max: 120, required: true }),
      new RelationField({ name: 'owner_id', collectionId: users.id, maxSelect: 1, cascadeDelete: true, required: true }),
      new RelationField({ name: 'admin_ids', collectionId: users.id, maxSelect: 50, cascadeDelete: false }),
      new BoolField({ name: 'custom_enterprise' }),
      new AutodateField({ name: 'created_at', onCreate: true, onUpdate: false }),
      new AutodateField({ name: 'updated_at', onCreate: true, onUpdate: true }),
    ])
      orgs.fields.add(f);
    orgs.indexes = /** @type {types.JSONArray<string>} */ (['CREATE INDEX idx_organizations_owner ON organizations (owner_id)']);
    app.save(orgs);

    const SERVER = ['domain_token', 'domain_zone', 'domain_verified', 'member_ids'];
    const BRAND_MANAGER = '(organization_id.owner_id = @request.auth.id || organization_id.admin_ids.id ?= @request.auth.id)';
    const brands = new Collection({
      type: 'base',
      name: 'brands',
      listRule: `${AUTH} && (member_ids.id ?= @request.auth.id || ${BRAND_MANAGER})`,
      viewRule: `${AUTH} && (member_ids.id ?= @request.auth.id || ${BRAND_MANAGER})`,
      createRule: `${AUTH} && ${BRAND_MANAGER} && ${notSet(SERVER)}`,
      updateRule: `${AUTH} && ${BRAND_MANAGER} && (@request.body.organization_id:isset = false || @request.body.organization_id = organization_id) && ${notSet(SERVER)}`,
      deleteRule: `${AUTH} && ${BRAND_MANAGER}`,
    });
    for (const f of [
      new RelationField({ name: 'organization_id', collectionId: orgs.id, maxSelect: 1, cascadeDelete: true, required: true }),
      new TextField({ name: 'name', min: 1, max: 60, required: true }),
      // Not protected: the sign-in page on the brand's domain shows it before anyone signs in.
      new FileField({
        name: 'logo',
        maxSelect: 1,
        maxSize: 512 * 1024,
        mimeTypes: ['image/png', 'image/jpeg', 'image/webp'],
        protected: false,
      }),
      new TextField({ name: 'primary_color', max: 7 }),
      new TextField({ name: 'accent_color', max: 7 }),
      new EmailField({ name: 'support_email' }),
      new EmailField({ name: 'billing_email' }),
      new TextField({ name: 'domain', max: 253 }),
      new TextField({ name: 'domain_token', max: 64, hidden: false }),
      new TextField({ name: 'domain_zone', max: 253 }),
      new BoolField({ name: 'domain_verified' }),
      new RelationField({ name: 'member_ids', collectionId: users.id, maxSelect: 5000, cascadeDelete: false }),
      new AutodateField({ name: 'created_at', onCreate: true, onUpdate: false }),
      new AutodateField({ name: 'updated_at', onCreate: true, onUpdate: true }),
    ])
      brands.fields.add(f);
    brands.indexes = /** @type {types.JSONArray<string>} */ ([
      'CREATE INDEX idx_brands_organization ON brands (organization_id)',
      "CREATE UNIQUE INDEX idx_brands_domain ON brands (domain) WHERE domain != ''",
    ]);
    app.save(brands);

    const sites = app.findCollectionByNameOrId('sites');
    sites.fields.add(new RelationField({ name: 'brand_id', collectionId: brands.id, maxSelect: 1, cascadeDelete: false }));
    sites.addIndex('idx_sites_brand', false, 'brand_id', '');
    app.save(sites);
  },
  (app) => {
    const sites = app.findCollectionByNameOrId('sites');
    sites.removeIndex('idx_sites_brand');
    sites.fields.removeByName('brand_id');
    app.save(sites);
    app.delete(app.findCollectionByNameOrId('brands'));
    app.delete(app.findCollectionByNameOrId('organizations'));
  },
);
