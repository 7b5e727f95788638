/** Colours of a pattern's confidence and impact, shared by the library and the suggestions. */

/** Confidence colours: 90 or more green, 80 or more amber, else blue. */
export const confidenceClass = (c: number) => (c >= 90 ? 'text-emerald-700' : c >= 80 ? 'text-amber-700' : 'text-blue-700');

export const impactTone = (i: string) =>
  (i === 'high' ? 'success' : i === 'medium' ? 'warning' : 'secondary') as 'success' | 'warning' | 'secondary';
