// @ts-check
// The visual editor routes' steps (pb_hooks/visual_editor.pb.js): targets, sessions, state and save.

const COLLECTIONS = { rule: 'optimization_rules', experiment: 'experiments' };

module.exports = {
  /** The rule or experiment an edit session targets, or null. */
  findTarget: function (app, kind, id) {
    if (!/^[a-z0-9]{15}$/.test(id)) return null;
    try {
      return app.findRecordById(COLLECTIONS[kind], id);
    } catch (_) {
      return null;
    }
  },

  /** An experiment's variant keys, the control first. */
  variantKeys: function (experiment) {
    const jsonField = require(`${__hooks}/lib/json_field.js`);
    return (jsonField(experiment, 'variants') || []).map((v) => String(v.key));
  },

  /** Whether the user is still an editor, admin or owner of the site (roles can change mid-session). */
  holds: function (site, userId) {
    const lib = require(`${__hooks}/lib/generated/domain.js`);
    return site.getStringSlice(lib.accessListForRole('editor')).indexOf(userId) >= 0;
  },

  /** The JSON body: the tracker and the editor post text/plain (no CORS preflight). */
  body: function (e) {
    try {
      const raw = JSON.parse(toString(e.request.body, 512 << 10) || '{}');
      return raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
    } catch (_) {
      return {};
    }
  },

  /** Sessions and tokens a day past their end are removed when a new token is issued. */
  prune: function (app) {
    const cutoff = new Date(Date.now() - 86400000).toISOString().replace('T', ' ');
    app
      .db()
      .newQuery('DELETE FROM editor_sessions WHERE expires_at < {:c} AND (session_expires_at = "" OR session_expires_at < {:c})')
      .bind({ c: cutoff })
      .execute();
  },

  /** The session record for a credential, or {status, error}. */
  session: function (app, credential) {
    const gone = { status: 401, error: 'This editing session has ended: open the editor again from the dashboard.' };
    const s = String(credential || '');
    if (!/^[A-Za-z0-9]{20,64}$/.test(s)) return gone;
    let rec;
    try {
      rec = app.findFirstRecordByData('editor_sessions', 'session_hash', $security.sha256(s));
    } catch (_) {
      return gone;
    }
    if (new Date(rec.getString('session_expires_at')).getTime() < Date.now()) return gone;
    const site = app.findRecordById('sites', rec.getString('site_id'));
    if (!module.exports.holds(site, rec.getString('user_id')))
      return { status: 403, error: 'Your role on this site no longer allows visual editing.' };
    return { record: rec, site: site };
  },

  /** The Pattern Library's patterns the editor can insert (src/lib/pattern-insert.ts). */
  patterns: function (app) {
    const lib = require(`${__hooks}/lib/generated/domain.js`);
    const jsonField = require(`${__hooks}/lib/json_field.js`);
    return lib.insertablePatterns(
      app.findAllRecords('cro_patterns').map((r) => ({
        name: r.getString('name'),
        category: r.getString('category'),
        rule_template: jsonField(r, 'rule_template'),
      })),
    );
  },

  /** What the editor shows: the target's selector and changes, per variant for a test. */
  state: function (app, rec) {
    const jsonField = require(`${__hooks}/lib/json_field.js`);
    const kind = rec.getString('target_kind');
    const target = module.exports.findTarget(app, kind, rec.getString('target_id'));
    if (!target) return null;
    let who = '';
    try {
      const u = app.findRecordById('users', rec.getString('user_id'));
      who = u.getString('name') || u.getString('email');
    } catch (_) {
      /* deleted user: the session is cascaded away */
    }
    const isRule = kind === 'rule';
    const variants = isRule
      ? [{ key: '', name: target.getString('name') || 'Rule', changes: jsonField(target, 'changes') || [] }]
      : (jsonField(target, 'variants') || []).map((v) => ({ key: String(v.key), name: String(v.name || v.key), changes: v.changes || [] }));
    const keys = variants.map((v) => v.key);
    const wanted = rec.getString('variant');
    return {
      kind: kind,
      id: target.id,
      name: target.getString('name'),
      selector: target.getString('selector'),
      variants: variants,
      variant: isRule ? '' : keys.indexOf(wanted) > 0 ? wanted : keys[1] || '',
      frozen: !isRule && target.getString('status') !== 'draft',
      editor: who,
      goal: isRule ? target.getString('rule_type') : target.getString('primary_goal'),
    };
  },

  /**
   * Writes the editor's changes with the same checks as the API hooks: a rule's changes through
   * validateRuleChanges (the one sanitizer); a draft test's variants through experiment_check.
   * Returns {} or {status, error}; a refused save changes nothing.
   */
  save: function (e, rec, body) {
    const lib = require(`${__hooks}/lib/generated/domain.js`);
    const jsonField = require(`${__hooks}/lib/json_field.js`);
    const kind = rec.getString('target_kind');
    const target = module.exports.findTarget(e.app, kind, rec.getString('target_id'));
    if (!target) return { status: 404, error: kind === 'rule' ? 'Optimization rule not found.' : 'A/B test not found.' };
    const selector = String(body.selector == null ? target.getString('selector') : body.selector).trim();
    if (selector.length > 1000) return { status: 400, error: 'The selector is too long (at most 1,000 characters).' };
    const actor = rec.getString('user_id');
    const entry = new Record(e.app.findCollectionByNameOrId('optimization_audit_log'));
    entry.set('site_id', target.getString('site_id'));
    entry.set('action', 'updated');
    entry.set('actor_id', actor);
    if (kind === 'rule') {
      const checked = lib.validateRuleChanges(body.changes);
      if (checked.ok === false) return { status: 400, error: checked.error };
      entry.set('rule_id', target.id);
      entry.set('previous', { changes: jsonField(target, 'changes') || [], selector: target.getString('selector') });
      entry.set('changes', { changes: checked.changes, selector: selector });
      target.set('changes', checked.changes);
    } else {
      if (target.getString('status') !== 'draft')
        return { status: 409, error: 'This A/B test has started: its variants are frozen. Duplicate it to change them.' };
      const variants = jsonField(target, 'variants') || [];
      const keys = variants.map((v) => String(v.key)).filter((k) => k !== 'control');
      const problem = lib.editorVariantsProblem(body.variants, keys);
      if (problem) return { status: 400, error: problem };
      const next = [];
      for (const v of variants) {
        const given = body.variants[v.key];
        if (given === undefined) {
          next.push(v);
          continue;
        }
        const checked = lib.validateRuleChanges(given);
        if (checked.ok === false) return { status: 400, error: `Variant "${v.name || v.key}": ${checked.error}` };
        next.push(Object.assign({}, v, { changes: checked.changes }));
      }
      entry.set('experiment_id', target.id);
      entry.set('previous', { variants: variants, selector: target.getString('selector') });
      entry.set('changes', { variants: next, selector: selector });
      target.set('variants', next);
    }
    target.set('selector', selector);
    const site = e.app.findRecordById('sites', target.getString('site_id'));
    let who = actor;
    try {
      const u = e.app.findRecordById('users', actor);
      who = u.getString('name') || u.getString('email');
    } catch (_) {
      /* keep the id */
    }
    entry.set('reason', `Changed in the visual editor by ${who}`);
    try {
      if (kind === 'experiment') require(`${__hooks}/lib/experiment_check.js`).validate(e, target, site);
      e.app.runInTransaction((tx) => {
        tx.save(target);
        tx.save(entry);
      });
    } catch (err) {
      return { status: 400, error: String((err && err.message) || err) };
    }
    return {};
  },
};
