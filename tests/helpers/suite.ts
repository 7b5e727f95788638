/**
 * The usual start of an integration test file: one PocketBase for the file, named users, and
 * optionally a site of the first user with the others as active members.
 *
 *   let server: TestServer, owner: TestUser, viewer: TestUser, siteId: string;
 *   beforeAll(async () => ({ server, owner, viewer, siteId } = await startSuite({ users: ['owner', 'viewer'], site: 'x.example.com', roles: { viewer: 'viewer' } })));
 *   afterAll(async () => server?.stop());
 */
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type StartOptions, type TestServer, type TestUser } from './pocketbase';

type MemberRole = 'admin' | 'editor' | 'viewer';

interface SuiteOptions<U extends string, S extends string | undefined> extends StartOptions {
  /** Names of the users to create (the first owns the site). */
  users: readonly U[];
  /** The domain of the first user's site; no site when absent. */
  site?: S;
  /** Active roles of the other users on the site. */
  roles?: Partial<Record<U, MemberRole>>;
}

type Suite<U extends string, S> = { server: TestServer } & Record<U, TestUser> &
  (S extends string ? { site: RecordModel; siteId: string } : unknown);

/** Makes user an active member of the site with role (as an invitation accepted would). */
export async function addMember(server: TestServer, siteId: string, user: TestUser, role: MemberRole): Promise<void> {
  await server.admin
    .collection('site_members')
    .create({ site_id: siteId, user_id: user.record.id, email: user.email, role, status: 'active' });
}

export async function startSuite<const U extends string, S extends string | undefined = undefined>(
  options: SuiteOptions<U, S>,
): Promise<Suite<U, S>> {
  const { users, site: domain, roles = {}, ...start } = options;
  const server = await startPocketBase(start);
  try {
    const created = await Promise.all(users.map(() => server.createUser()));
    const suite: Record<string, unknown> = { server };
    users.forEach((name, i) => (suite[name] = created[i]));
    const owner = created[0];
    if (domain && owner) {
      const site = await owner.client.collection('sites').create({ user_id: owner.record.id, domain });
      Object.assign(suite, { site, siteId: site.id });
      for (const [name, role] of Object.entries(roles) as Array<[U, MemberRole]>)
        await addMember(server, site.id, suite[name] as TestUser, role);
    }
    return suite as Suite<U, S>;
  } catch (e) {
    // The caller's afterAll never sees a server its beforeAll did not return: stop it here.
    await server.stop();
    throw e;
  }
}
