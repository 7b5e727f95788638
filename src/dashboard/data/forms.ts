/**
 * Form analytics of the current site (GET /api/cro/forms/{site}?days=): every form the tracker saw,
 * most abandoned first, with its fields' drop-off (pocketbase/forms).
 */
import { pb } from '../../client/pb';

export interface FormField {
  key: string;
  label: string;
  touched: number;
  avgSeconds: number;
  avgHesitationSeconds: number;
  refills: number;
  errors: number;
  abandoned: number;
}

export interface FormFigures {
  selector: string;
  path: string;
  views: number;
  starts: number;
  submissions: number;
  abandoned: number;
  abandonmentRate: number;
  fields: FormField[];
}

export const FORM_RANGES = [7, 30, 90] as const;
export type FormRange = (typeof FORM_RANGES)[number];

export const fetchForms = (siteId: string, days: FormRange) =>
  pb.send<{ days: number; forms: FormFigures[] }>(`/api/cro/forms/${encodeURIComponent(siteId)}?days=${days}`, { requestKey: null });
