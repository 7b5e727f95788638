/** Shared by the integration tests of site-scoped collections: members with roles, and refusals. */
import type { TestServer, TestUser } from './pocketbase';

/** Makes `user` an active member of the site with `role` (as an accepted invitation would). */
export async function addMember(server: TestServer, siteId: string, user: TestUser, role: 'admin' | 'editor' | 'viewer'): Promise<void> {
  await server.admin
    .collection('site_members')
    .create({ site_id: siteId, user_id: user.record.id, email: user.email, role, status: 'active' });
}

/** The status and message of a refused request (PocketBase's SDK error), or 'accepted'. */
export async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string } | 'accepted'> {
  return p.then(
    () => 'accepted' as const,
    (e: { status: number; response: { message: string } }) => ({ status: e.status, message: e.response.message }),
  );
}
