// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Goals become the one place a site says what counts: a fourth kind (a form submit on a selector)
// and a micro flag. Micro goals replace the old micro_conversions records, which held only an event
// name and a value and were never matched by anything but the ingest's name lookup: each one is
// copied into a micro event goal, then the collection is retired. Sites get their IANA time zone,
// the zone their days, "today" and weekly comparisons are counted in.
migrate(
  (app) => {
    const goals = app.findCollectionByNameOrId('goals');
    const type = /** @type {core.SelectField} */ (goals.fields.getByName('type'));
    type.values = ['url', 'event', 'click', 'form'];
    goals.fields.add(new BoolField({ name: 'micro' }));
    app.save(goals);

    const micros = app.findRecordsByFilter('micro_conversions', 'event_name != ""', '', 0, 0);
    for (const m of micros) {
      const g = new Record(goals);
      g.set('site_id', m.getString('site_id'));
      g.set('name', (m.getString('name') || m.getString('event_name')).slice(0, 100));
      g.set('type', 'event');
      g.set('match', m.getString('event_name'));
      g.set('value', Math.max(0, m.getFloat('value')));
      g.set('enabled', m.getBool('enabled'));
      g.set('micro', true);
      app.save(g);
    }
    app.delete(app.findCollectionByNameOrId('micro_conversions'));

    const sites = app.findCollectionByNameOrId('sites');
    sites.fields.add(new TextField({ name: 'time_zone', max: 64 }));
    app.save(sites);
  },
  (app) => {
    const sites = app.findCollectionByNameOrId('sites');
    sites.fields.removeByName('time_zone');
    app.save(sites);
    const MEMBER = '@request.auth.id != "" && site_id.member_ids.id ?= @request.auth.id';
    const EDITOR = '@request.auth.id != "" && site_id.editor_ids.id ?= @request.auth.id';
    const micro = new Collection(
      /** @type {CollectionJSON} */ ({
        type: 'base',
        name: 'micro_conversions',
        listRule: MEMBER,
        viewRule: MEMBER,
        createRule: EDITOR,
        updateRule: EDITOR,
        deleteRule: EDITOR,
        fields: [
          { name: 'site_id', type: 'relation', collectionId: sites.id, maxSelect: 1, required: true, cascadeDelete: true },
          { name: 'name', type: 'text', max: 200 },
          { name: 'event_name', type: 'text', max: 100 },
          { name: 'value', type: 'number' },
          { name: 'enabled', type: 'bool' },
          { name: 'created_at', type: 'autodate', onCreate: true, onUpdate: false },
          { name: 'updated_at', type: 'autodate', onCreate: true, onUpdate: true },
        ],
      }),
    );
    app.save(micro);
    const goals = app.findCollectionByNameOrId('goals');
    for (const g of app.findRecordsByFilter('goals', 'micro = true', '', 0, 0)) app.delete(g);
    goals.fields.removeByName('micro');
    const type = /** @type {core.SelectField} */ (goals.fields.getByName('type'));
    type.values = ['url', 'event', 'click'];
    app.save(goals);
  },
);
