// @ts-check
// A JSON field of a record as a plain JS value (record.get() returns raw bytes in goja).
module.exports = function jsonField(record, name) {
  const raw = record.get(name);
  if (raw === null || raw === undefined) return null;
  const text = toString(raw);
  return text ? JSON.parse(text) : null;
};
