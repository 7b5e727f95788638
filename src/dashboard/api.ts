/** The dashboard's calls to the server's custom routes (/api/cro/...). */
import { pb } from '../client/pb';

export interface DnsVerdict {
  verified: boolean;
  message: string;
}

export const verifyDns = (siteId: string) =>
  pb.send<DnsVerdict>('/api/cro/verify-dns', { method: 'POST', body: { siteId }, requestKey: null });

export const generateTrackingScript = (siteId: string) =>
  pb.send<{ script: string }>('/api/cro/generate-tracking-script', { method: 'POST', body: { siteId }, requestKey: null });

export const connectIntegration = (siteId: string, type: string, values: Record<string, string>) =>
  pb.send<{ id: string; status: string; settings: Record<string, unknown> }>('/api/cro/integrations/connect', {
    method: 'POST',
    body: { siteId, type, values },
    requestKey: null,
  });

export interface PendingInvite {
  token: string;
  siteId: string;
  domain: string;
  role: string;
}

export const listMyInvites = () => pb.send<{ items: PendingInvite[] }>('/api/cro/invites', { requestKey: null });

export const acceptInvite = (token: string) =>
  pb.send<{ siteId: string; domain: string; role: string }>('/api/cro/accept-invite', {
    method: 'POST',
    body: { token },
    requestKey: null,
  });

export interface AdminOverview {
  stats: { totalSites: number; paidUsers: number; freeTrials: number; estimatedRevenue: number };
  registrations: Array<{ domain: string; plan_tier: string; subscription_status: string; created_at: string }>;
}

export const loadAdminOverview = () => pb.send<AdminOverview>('/api/cro/admin/overview', { requestKey: null });

/** The message of a failed SDK call, without PocketBase's trailing period doubled. */
export function errorMessage(err: unknown, fallback: string): string {
  const e = err as { response?: { message?: string }; message?: string };
  return e?.response?.message || e?.message || fallback;
}
