/// <reference path="../pb_data/types.d.ts" />
// Public contact form endpoint: validates with the shared rules (src/lib/contact.ts), stores the
// four fields in contact_messages and ignores everything else. Bad input is a 400 with one message
// per field. Rate-limited per client IP by the built-in limiter (see migration 1763900200).

routerAdd('POST', '/api/cro/contact', (e) => {
  const domain = require(`${__hooks}/lib/generated/domain.js`);

  let body;
  try {
    body = e.requestInfo().body;
  } catch (err) {
    throw new BadRequestError('The request body must be a JSON object.');
  }

  const result = domain.validateContact(body);
  if (!result.ok) {
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

  return e.json(201, { ok: true });
});
