/** A change figure as the dashboard writes it (+12.3%, -4.0%) and its colour by sign (for figures where more is better). */
export const signedPercent = (n: number) => `${n > 0 ? '+' : ''}${n.toFixed(1)}%`;

export function changeColour(n: number): string {
  if (n > 0) return 'text-emerald-700';
  if (n < 0) return 'text-red-700';
  return 'text-slate-500';
}
