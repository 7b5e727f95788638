// @ts-check
// The product's public origin: APP_URL when configured, else the origin the request came to.
module.exports = {
  get: function (e) {
    var configured = ($os.getenv('APP_URL') || '').trim().replace(/\/+$/, '');
    if (configured) return configured;
    var proto = (e.request.header.get('X-Forwarded-Proto') || '').split(',')[0].trim();
    if (proto !== 'https' && proto !== 'http') proto = e.request.tls ? 'https' : 'http';
    return proto + '://' + e.request.host;
  },
};
