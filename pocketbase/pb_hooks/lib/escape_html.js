// @ts-check
// Text made safe to put inside HTML (mail bodies, the no-JavaScript contact pages).
module.exports = function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, function (c) {
    return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
  });
};
