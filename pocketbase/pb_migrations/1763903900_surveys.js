// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// On-page surveys (pb_hooks/surveys.pb.js, pocketbase/surveys serves the widget).
// - surveys: a site's survey definitions (src/lib/surveys/definition.ts). The site's members read
//   them; owners, admins and editors write them (the hook checks the plan and the definition).
// - survey_answers: one visitor's answer with its session id (so it opens the session's
//   recording); written only by the public answer route, read by the site's members.
migrate(
  (app) => {
    const AUTH = '@request.auth.id != ""';
    const MEMBER = `${AUTH} && site_id.member_ids.id ?= @request.auth.id`;
    const EDITOR = `${AUTH} && site_id.editor_ids.id ?= @request.auth.id`;
    const sites = app.findCollectionByNameOrId('sites');
    const goals = app.findCollectionByNameOrId('goals');
    const siteRel = { name: 'site_id', type: 'relation', collectionId: sites.id, maxSelect: 1, required: true, cascadeDelete: true };
    const text = (/** @type {string} */ name, max = 100) => ({ name, type: 'text', max });
    const surveys = new Collection(
      /** @type {CollectionJSON} */ ({
        type: 'base',
        name: 'surveys',
        listRule: MEMBER,
        viewRule: MEMBER,
        createRule: EDITOR,
        updateRule: EDITOR,
        deleteRule: EDITOR,
        fields: [
          siteRel,
          text('name', 100),
          { name: 'kind', type: 'select', required: true, maxSelect: 1, values: ['nps', 'rating', 'single', 'multiple', 'text'] },
          text('question', 300),
          { name: 'options', type: 'json', maxSize: 5000 },
          text('thanks', 300),
          text('pages', 5000),
          { name: 'device', type: 'select', maxSelect: 1, values: ['any', 'desktop', 'mobile', 'tablet'] },
          { name: 'delay_seconds', type: 'number', onlyInt: true, min: 0, max: 3600 },
          { name: 'exit_intent', type: 'bool' },
          { name: 'goal_id', type: 'relation', collectionId: goals.id, maxSelect: 1, cascadeDelete: false },
          { name: 'share', type: 'number', onlyInt: true, min: 0, max: 100 },
          { name: 'active', type: 'bool' },
          { name: 'created', type: 'autodate', onCreate: true },
          { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
        ],
        indexes: ['CREATE INDEX idx_surveys_site ON surveys (site_id, active)'],
      }),
    );
    app.save(surveys);
    app.save(
      new Collection(
        /** @type {CollectionJSON} */ ({
          type: 'base',
          name: 'survey_answers',
          listRule: MEMBER,
          viewRule: MEMBER,
          createRule: null,
          updateRule: null,
          deleteRule: null,
          fields: [
            siteRel,
            { name: 'survey_id', type: 'relation', collectionId: surveys.id, maxSelect: 1, required: true, cascadeDelete: true },
            text('session', 64),
            { name: 'score', type: 'number', onlyInt: true },
            { name: 'choices', type: 'json', maxSize: 5000 },
            text('text', 1000),
            text('page', 300),
            { name: 'created', type: 'autodate', onCreate: true },
          ],
          indexes: ['CREATE INDEX idx_survey_answers_survey ON survey_answers (survey_id, created)'],
        }),
      ),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('survey_answers'));
    app.delete(app.findCollectionByNameOrId('surveys'));
  },
);
