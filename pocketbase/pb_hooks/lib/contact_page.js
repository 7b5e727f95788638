// @ts-check
// The contact form's answers for browsers without JavaScript: they post the form itself
// (form-encoded) and expect a page back, not JSON.
var escapeHtml = require(`${__hooks}/lib/escape_html.js`);

module.exports = {
  /** A form-encoded post from a browser that accepts HTML (the island's fetch sends JSON). */
  isPlainFormPost: function (request) {
    var type = String(request.header.get('Content-Type') || '').toLowerCase();
    var accept = String(request.header.get('Accept') || '').toLowerCase();
    var form = type.indexOf('application/x-www-form-urlencoded') === 0 || type.indexOf('multipart/form-data') === 0;
    return form && accept.indexOf('text/html') >= 0;
  },

  /** A minimal page listing what to correct, with the way back to the form. */
  errorPage: function (errors) {
    var items = '';
    for (var field in errors) items += '<li>' + escapeHtml(errors[field]) + '</li>';
    return (
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<meta name="robots" content="noindex"><title>Message not sent</title>' +
      '<style>body{font:16px/1.6 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a}a{color:#4338ca}</style></head>' +
      '<body><main><h1>Message not sent</h1><p>Please correct the following and send your message again:</p><ul>' +
      items +
      '</ul>' +
      '<p><a href="/contact">Back to the contact form</a></p></main></body></html>'
    );
  },
};
