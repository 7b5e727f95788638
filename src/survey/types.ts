/** One active survey as the tracker config carries it (pocketbase/surveys/config.go widgetSurvey). */
export interface WidgetSurvey {
  i: string;
  /** nps, rating, single, multiple, text (src/lib/surveys/definition.ts). */
  k: string;
  q: string;
  o?: string[];
  t?: string;
  /** URL patterns; none = every page. */
  p?: string[];
  d?: string;
  /** Seconds on the page before it shows. */
  a?: number;
  /** On exit intent (the pointer leaves at the top of the window). */
  x?: boolean;
  /** A goal to reach first: its type and match. */
  g?: { t: string; m: string };
  /** Share of visitors, %. */
  h: number;
}

export interface SurveyConfig {
  u: string;
  s: WidgetSurvey[];
}
