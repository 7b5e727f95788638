// @ts-check
// JSON error answers in PocketBase's shape, with the message exactly as given.
module.exports = {
  error: function (e, status, message, data) {
    return e.json(status, { status: status, message: message, data: data || {} });
  },
  /** The JSON body of the request, or null when it is not a JSON object. */
  body: function (e) {
    try {
      var body = e.requestInfo().body;
      return body && typeof body === 'object' && !Array.isArray(body) ? body : null;
    } catch (_) {
      return null;
    }
  },
};
