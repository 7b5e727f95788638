// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// On-page surveys (src/lib/surveys). Writes of a definition pass the plan gate (Growth and above,
// as recordings) and the shared checks before the collection's role rules save them; visitors'
// answers come through the public answer route (checked, open text masked, stored with the
// session id); the results route gives NPS with its interval, choice shares, open answers and the
// built-in engine's themes.

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/survey_check.js`).checkAndSet(e);
  e.next();
}, 'surveys');

onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/survey_check.js`).checkAndSet(e);
  e.next();
}, 'surveys');

// POST /api/cro/surveys/answer {key, survey, session, value, page}: a visitor's answer, from the
// widget on the customer's page (answered to any origin, accepted from the site's own). 400 with what to fix, nothing stored, on bad input.
routerAdd(
  'POST',
  '/api/cro/surveys/answer',
  (e) => {
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const reply = require(`${__hooks}/lib/http_reply.js`);
    // Any origin (the customer's page), no credentials. The widget sends its JSON as text/plain, a
    // simple request without a preflight (the API's CORS is same-origin except the tracker's paths).
    e.response.header().set('Access-Control-Allow-Origin', '*');
    let body = null;
    try {
      const parsed = JSON.parse(toString(e.request.body, 8 << 10));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed;
    } catch (_) {
      /* not JSON: refused below */
    }
    if (!body) return reply.error(e, 400, 'The request body must be a JSON object.');
    const key = typeof body.key === 'string' ? body.key : '';
    const surveyId = typeof body.survey === 'string' ? body.survey : '';
    if (!key || !surveyId) return reply.error(e, 400, 'key (the site public key) and survey (the survey id) are required.');
    let site, survey;
    try {
      site = e.app.findFirstRecordByData('sites', 'public_key', key);
      survey = e.app.findRecordById('surveys', surveyId);
    } catch (_) {
      return reply.error(e, 404, 'No such survey for this site.');
    }
    if (survey.getString('site_id') !== site.id || !survey.getBool('active')) return reply.error(e, 404, 'No such survey for this site.');
    // Only the site's own pages answer its surveys (as collect accepts only their events).
    if (!$surveys.originAllowed(e.request.header.get('Origin'), site.getString('domain'), site.getString('staging_domain')))
      return reply.error(e, 403, 'Origin not allowed for this site.');
    if (!domain.can(site.getString('plan_tier'), 'surveys')) return reply.error(e, 403, domain.upgradeMessage('surveys'));
    const options = require(`${__hooks}/lib/json_field.js`)(survey, 'options');
    const parsed = domain.parseAnswer({ kind: survey.getString('kind'), options: Array.isArray(options) ? options : [] }, body);
    if ('error' in parsed) return reply.error(e, 400, parsed.error);
    const r = new Record(e.app.findCollectionByNameOrId('survey_answers'));
    r.set('site_id', site.id);
    r.set('survey_id', survey.id);
    // A consent-free site's visitor has no session of their own on the device: the server names it,
    // as the collect endpoint does for the same request.
    const session = site.getBool('consent_free')
      ? $surveys.consentFreeSession(site.id, e.realIP(), e.request.header.get('User-Agent'))
      : '';
    r.set('session', session || parsed.session);
    if (parsed.answer.score !== null) r.set('score', parsed.answer.score);
    r.set('choices', parsed.answer.choices);
    r.set('text', parsed.answer.text);
    r.set('page', typeof body.page === 'string' ? domain.maskPersonalText(body.page.split('?')[0].slice(0, 300)) : '');
    e.app.save(r);
    return e.json(201, { ok: true });
  },
  $apis.bodyLimit(8 << 10),
);

// GET /api/cro/surveys/{id}/results: for the site's members.
routerAdd(
  'GET',
  '/api/cro/surveys/{id}/results',
  (e) => {
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const reply = require(`${__hooks}/lib/http_reply.js`);
    let survey, site;
    try {
      survey = e.app.findRecordById('surveys', e.request.pathValue('id'));
      site = e.app.findRecordById('sites', survey.getString('site_id'));
    } catch (_) {
      return reply.error(e, 404, 'Survey not found.');
    }
    if (!e.auth || site.getStringSlice('member_ids').indexOf(e.auth.id) < 0) return reply.error(e, 404, 'Survey not found.');
    const options = require(`${__hooks}/lib/json_field.js`)(survey, 'options');
    const rows = e.app.findRecordsByFilter('survey_answers', 'survey_id = {:id}', '-created', 5000, 0, { id: survey.id });
    const kind = survey.getString('kind');
    const answers = rows.map((r) => ({
      session: r.getString('session'),
      score: kind === 'nps' || kind === 'rating' ? r.getInt('score') : null,
      choices: require(`${__hooks}/lib/json_field.js`)(r, 'choices') || [],
      text: r.getString('text'),
      page: r.getString('page'),
      created: r.getString('created'),
    }));
    const scores = answers.map((a) => a.score).filter((s) => typeof s === 'number');
    const texts = answers.map((a) => a.text).filter(Boolean);
    return e.json(200, {
      kind: kind,
      responses: answers.length,
      nps: kind === 'nps' ? domain.npsOf(scores) : null,
      average: kind === 'rating' && scores.length ? Math.round((scores.reduce((s, x) => s + x, 0) / scores.length) * 100) / 100 : null,
      choices:
        kind === 'single' || kind === 'multiple'
          ? domain.choiceShares(
              Array.isArray(options) ? options : [],
              answers.map((a) => a.choices),
            )
          : [],
      answers: answers.slice(0, 200),
      themes: { engine: domain.THEMES_ENGINE_LABEL, list: domain.keywordThemes(texts) },
    });
  },
  $apis.requireAuth('users'),
);
