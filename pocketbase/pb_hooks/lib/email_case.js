// @ts-check
// Addresses are stored with their ASCII letters in lower case: the fold SQLite's NOCASE collation
// (the users email index) applies, so what is stored and what is compared agree.

/** @param {string} address */
function lowerAscii(address) {
  return address.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}

module.exports = {
  lowerAscii: lowerAscii,

  /** Lower-cases a user record's address in place (before it is validated and saved). @param {core.Record} record */
  normalize: function (record) {
    const email = record.email();
    const lower = lowerAscii(email);
    if (lower !== email) record.setEmail(lower);
  },
};
