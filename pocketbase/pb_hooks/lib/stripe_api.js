// @ts-check
// A minimal Stripe REST client for hooks: form-encoded POSTs with the secret key.
function encode(params, prefix, out) {
  for (var key in params) {
    var value = params[key];
    if (value === undefined || value === null) continue;
    var name = prefix ? prefix + '[' + key + ']' : key;
    if (typeof value === 'object') encode(value, name, out);
    else out.push(encodeURIComponent(name) + '=' + encodeURIComponent(String(value)));
  }
  return out;
}

module.exports = {
  encode: function (params) {
    return encode(params, '', []).join('&');
  },

  /**
   * POSTs to the Stripe API. Returns { ok, status, json, error } and never throws for HTTP
   * errors; a network failure is { ok: false, status: 0, error }.
   */
  post: function (path, params) {
    var config = require(`${__hooks}/lib/billing_config.js`);
    try {
      var res = $http.send({
        url: config.apiBase() + path,
        method: 'POST',
        body: module.exports.encode(params),
        headers: {
          Authorization: 'Bearer ' + config.secretKey(),
          'Content-Type': 'application/x-www-form-urlencoded',
          'Stripe-Version': '2024-06-20',
        },
        timeout: 20,
      });
      var json = res.json || null;
      if (res.statusCode >= 200 && res.statusCode < 300) return { ok: true, status: res.statusCode, json: json };
      var message = json && json.error && json.error.message ? json.error.message : 'HTTP ' + res.statusCode;
      return { ok: false, status: res.statusCode, json: json, error: message };
    } catch (err) {
      return { ok: false, status: 0, json: null, error: String(err) };
    }
  },
};
