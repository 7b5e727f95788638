/**
 * The current site's on-page surveys (the surveys collection; its rules let members read and
 * owners, admins and editors write) and one survey's results (GET /api/cro/surveys/{id}/results).
 */
import { pb } from '../../client/pb';
import type { NpsResult, SurveyDefinition, SurveyTheme } from '../../lib/surveys';

export interface SurveyRecord extends SurveyDefinition {
  id: string;
  site_id: string;
}

export interface SurveyResults {
  kind: string;
  responses: number;
  nps: NpsResult | null;
  average: number | null;
  choices: { option: string; count: number; share: number }[];
  answers: { session: string; score: number | null; choices: string[]; text: string; page: string; created: string }[];
  themes: { engine: string; list: SurveyTheme[] };
}

export async function listSurveys(siteId: string): Promise<SurveyRecord[]> {
  return pb.collection('surveys').getFullList<SurveyRecord>({ filter: pb.filter('site_id = {:site}', { site: siteId }), sort: '-created' });
}

export async function saveSurvey(siteId: string, id: string | null, d: SurveyDefinition): Promise<SurveyRecord> {
  const body = { ...d, site_id: siteId, goal_id: d.goal_id || '' };
  return id ? pb.collection('surveys').update<SurveyRecord>(id, body) : pb.collection('surveys').create<SurveyRecord>(body);
}

export async function deleteSurvey(id: string): Promise<void> {
  await pb.collection('surveys').delete(id);
}

export async function surveyResults(id: string): Promise<SurveyResults> {
  return pb.send<SurveyResults>(`/api/cro/surveys/${id}/results`, {});
}

/** The site's goals a survey can be shown after (id and name). */
export async function surveyGoalChoices(siteId: string): Promise<{ id: string; name: string }[]> {
  return pb.collection('goals').getFullList<{ id: string; name: string }>({ filter: pb.filter('site_id = {:site}', { site: siteId }) });
}
