// @ts-check
// Server configuration from environment variables, with working local defaults.
module.exports = {
  /** Nameserver pairs sites are assigned, e.g. "ns1.a.net,ns2.a.net,ns3.a.net,ns4.a.net". */
  nameserverPairs: function () {
    var list = ($os.getenv('CRO_NAMESERVERS') || 'ns1.cro-dns.net,ns2.cro-dns.net')
      .split(',')
      .map(function (s) {
        return s.trim().toLowerCase();
      })
      .filter(Boolean);
    var pairs = [];
    for (var i = 0; i + 1 < list.length; i += 2) pairs.push([list[i], list[i + 1]]);
    return pairs.length ? pairs : [['ns1.cro-dns.net', 'ns2.cro-dns.net']];
  },
  defaultErrorThreshold: function () {
    var n = parseFloat($os.getenv('CRO_DEFAULT_ERROR_THRESHOLD') || '5');
    return n > 0 && n <= 100 ? n : 5;
  },
};
