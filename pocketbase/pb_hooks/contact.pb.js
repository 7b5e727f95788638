// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Public contact form endpoint: validates with the shared rules (src/lib/contact.ts), stores the
// four fields in contact_messages and ignores everything else. Bad input is a 400 with one message
// per field. Rate-limited per client IP by the built-in limiter (see migration 1763900200).
// A browser posting the form without JavaScript (form-encoded, accepting HTML) gets pages instead
// of JSON: a redirect to /contact/sent, or a short page listing what to correct.

routerAdd(
  'POST',
  '/api/cro/contact',
  (e) => {
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const page = require(`${__hooks}/lib/contact_page.js`);
    const plainForm = page.isPlainFormPost(e.request);

    let body;
    try {
      body = e.requestInfo().body;
    } catch (err) {
      throw new BadRequestError('The request body must be a JSON object.');
    }

    const result = domain.validateContact(body);
    if (result.ok === false) {
      if (plainForm) return e.html(400, page.errorPage(result.errors));
      const errors = {};
      for (const field in result.errors) errors[field] = new ValidationError('invalid_' + field, result.errors[field]);
      throw new BadRequestError('Please correct the highlighted fields.', errors);
    }

    const record = new Record(e.app.findCollectionByNameOrId('contact_messages'));
    record.set('name', result.value.name);
    record.set('email', result.value.email);
    record.set('subject', result.value.subject);
    record.set('message', result.value.message);
    // The shared rules are stricter than the collection's, so this only fails on a server problem;
    // PocketBase answers a thrown error with a 400 (with field data for validation errors).
    e.app.save(record);

    if (plainForm) return e.redirect(303, '/contact/sent');
    return e.json(201, { ok: true });
  },
  $apis.bodyLimit(64 << 10),
);
