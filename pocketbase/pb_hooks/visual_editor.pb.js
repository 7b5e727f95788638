// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// The visual editor's server side (ARCHITECTURE.md, the path of a visual edit):
// - POST /api/cro/edit-tokens (dashboard, signed in): a 10-minute, single-use edit token for a rule
//   or an A/B test, for editors, admins and owners only (viewers: 403);
// - GET /t/e/<token>.js?k=<site key> (imported by the tracker on the customer's page, any origin):
//   consumes the token if it belongs to that site and answers a module that imports the editor
//   bundle (/t/e/editor.js, pocketbase/editor) with the editor's state and a session credential;
// - POST /api/cro/editor/save (the editor, any origin): writes the changes with the session's rights,
//   through the same validation and sanitizer as the rules' and experiments' hooks, with an audit entry.
// - POST /api/cro/editor/upload (the editor, any origin, multipart): an image stored as a site file.
// The routes the customer's page calls answer any origin (text/plain or multipart bodies: no preflight).
// Tokens and credentials are stored hashed (editor_sessions, no API rules).

routerAdd(
  'POST',
  '/api/cro/edit-tokens',
  (e) => {
    const ed = require(`${__hooks}/lib/visual_editor.js`);
    const lib = require(`${__hooks}/lib/generated/domain.js`);
    const body = e.requestInfo().body || {};
    const kind = String(body.kind || '');
    if (kind !== 'rule' && kind !== 'experiment') throw new BadRequestError('kind must be "rule" or "experiment".');
    const target = ed.findTarget(e.app, kind, String(body.id || ''));
    if (!target) throw new NotFoundError(kind === 'rule' ? 'Optimization rule not found.' : 'A/B test not found.');
    require(`${__hooks}/lib/site_guard.js`).requireSiteRole(e, target.getString('site_id'), 'editor', {
      notFound: kind === 'rule' ? 'Optimization rule not found.' : 'A/B test not found.',
      forbidden: 'Viewers cannot open the visual editor: ask an owner or admin for the editor role.',
    });
    const variant = String(body.variant || '');
    if (variant && (kind !== 'experiment' || ed.variantKeys(target).indexOf(variant) < 0))
      throw new BadRequestError(`There is no variant "${variant}" to edit.`);
    ed.prune(e.app);
    const token = $security.randomString(43);
    const rec = new Record(e.app.findCollectionByNameOrId('editor_sessions'));
    rec.set('site_id', target.getString('site_id'));
    rec.set('user_id', e.auth.id);
    rec.set('target_kind', kind);
    rec.set('target_id', target.id);
    rec.set('variant', variant);
    rec.set('token_hash', $security.sha256(token));
    const expires = new Date(Date.now() + lib.EDIT_TOKEN_TTL_MS).toISOString();
    rec.set('expires_at', expires);
    e.app.save(rec);
    return e.json(201, { token: token, expiresAt: expires });
  },
  $apis.requireAuth('users'),
  $apis.bodyLimit(4 << 10),
);

// The tracker imports /t/e/<token>.js?k=<site key> (an ES module, any origin): for a valid token of
// that site it is consumed and the module imports the editor bundle with the editor's state;
// anything else is a 404 and nothing loads.
routerAdd('GET', '/t/e/{file}', (e) => {
  const ed = require(`${__hooks}/lib/visual_editor.js`);
  const lib = require(`${__hooks}/lib/generated/domain.js`);
  e.response.header().set('Cache-Control', 'no-store');
  e.response.header().set('Access-Control-Allow-Origin', '*');
  e.response.header().set('Content-Type', 'application/javascript; charset=utf-8');
  const gone = (status) => e.string(status, '/* cro: this edit link is unknown, used or expired */\n');
  const m = /^([A-Za-z0-9]{20,64})\.js$/.exec(e.request.pathValue('file'));
  if (!m) return gone(404);
  let rec;
  try {
    rec = e.app.findFirstRecordByData('editor_sessions', 'token_hash', $security.sha256(m[1]));
  } catch (_) {
    return gone(404);
  }
  if (rec.getString('consumed_at') || new Date(rec.getString('expires_at')).getTime() < Date.now()) return gone(404);
  // Single use: consumed whatever follows, so a token shown to another site is burnt too.
  rec.set('consumed_at', new Date().toISOString());
  const site = e.app.findRecordById('sites', rec.getString('site_id'));
  if (String(e.request.url.query().get('k')) !== site.getString('public_key')) {
    e.app.save(rec);
    return gone(404);
  }
  if (!ed.holds(site, rec.getString('user_id'))) {
    e.app.save(rec);
    return gone(403);
  }
  const session = $security.randomString(43);
  rec.set('session_hash', $security.sha256(session));
  rec.set('session_expires_at', new Date(Date.now() + lib.EDIT_SESSION_TTL_MS).toISOString());
  e.app.save(rec);
  const state = ed.state(e.app, rec);
  if (!state) return gone(404);
  state.s = session;
  state.patterns = ed.patterns(e.app);
  // Escaped for a script: the state holds page text.
  const json = JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return e.string(200, 'import{e}from"./editor.js";e(' + json + ');\n');
});

routerAdd(
  'POST',
  '/api/cro/editor/save',
  (e) => {
    const ed = require(`${__hooks}/lib/visual_editor.js`);
    // Called from the customer's page: any origin, authorized by the session credential alone.
    e.response.header().set('Access-Control-Allow-Origin', '*');
    const body = ed.body(e);
    const found = ed.session(e.app, body.s);
    if (found.error) return e.json(found.status, { status: found.status, message: found.error });
    const result = ed.save(e, found.record, body);
    // Messages as PocketBase words its own errors: one sentence.
    if (result.error) return e.json(result.status, { status: result.status, message: result.error.replace(/([^.!?])$/, '$1.') });
    return e.json(200, ed.state(e.app, found.record));
  },
  $apis.bodyLimit(512 << 10),
);

// 'Suggest copy': three alternatives for the selected element's text from the configured model
// (JSON schema), else from the built-in engine; the answer says which (src/lib/ai/copy-suggestions.ts).
routerAdd(
  'POST',
  '/api/cro/editor/suggest',
  (e) => {
    const ed = require(`${__hooks}/lib/visual_editor.js`);
    const lib = require(`${__hooks}/lib/generated/domain.js`);
    e.response.header().set('Access-Control-Allow-Origin', '*');
    const body = ed.body(e);
    const found = ed.session(e.app, body.s);
    if (found.error) return e.json(found.status, { status: found.status, message: found.error });
    const context = lib.cleanCopyContext(body);
    if (!context) return e.json(400, { status: 400, message: 'Select an element with text to get suggestions.' });
    let suggestions = null;
    let engine = 'builtin';
    if ($ai.configured()) {
      const answer = $ai.completeJSON(lib.copySuggestionMessages(context), lib.COPY_SUGGESTIONS_SCHEMA_NAME, lib.COPY_SUGGESTIONS_SCHEMA);
      suggestions = answer.ok ? lib.parseCopySuggestions(answer.content, context.text) : null;
      engine = suggestions ? 'model' : 'builtin-fallback';
      if (!suggestions) console.warn('Suggest copy: the model answer was unusable', answer.status, answer.error);
    }
    if (!suggestions) suggestions = lib.builtinCopySuggestions(context);
    return e.json(200, { engine: engine, model: engine === 'model' ? $ai.model() : '', suggestions: suggestions });
  },
  $apis.bodyLimit(16 << 10),
);

// An image for the selected <img>, uploaded from the customer's page (any origin, multipart: no
// preflight) and stored as a site file of the session's site; the answer is the file's path on this
// server, which the editor makes the image's src. The file field checks the type and size.
routerAdd(
  'POST',
  '/api/cro/editor/upload',
  (e) => {
    const ed = require(`${__hooks}/lib/visual_editor.js`);
    e.response.header().set('Access-Control-Allow-Origin', '*');
    const found = ed.session(e.app, String(e.requestInfo().body.s || ''));
    if (found.error) return e.json(found.status, { status: found.status, message: found.error });
    const bad = (message) => e.json(400, { status: 400, message: message });
    let files;
    try {
      files = e.findUploadedFiles('file') || [];
    } catch (_) {
      files = [];
    }
    if (files.length !== 1) return bad('Choose one image file to upload.');
    const rec = new Record(e.app.findCollectionByNameOrId('site_files'));
    rec.set('site_id', found.record.getString('site_id'));
    rec.set('user_id', found.record.getString('user_id'));
    rec.set('file', files[0]);
    try {
      e.app.save(rec);
    } catch (_) {
      return bad('Upload a JPEG, PNG, WebP or GIF image of at most 2 MB.');
    }
    return e.json(201, { path: `/api/files/site_files/${rec.id}/${rec.getString('file')}` });
  },
  $apis.bodyLimit(3 << 20),
);
