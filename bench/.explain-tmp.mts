import { freshDatabase, generateMembers, VIEWER } from './scaling';
import { DiscoverRepository } from '../apps/server/src/modules/matches/discover.repository';
import { MembersRepository } from '../apps/server/src/modules/members/members.repository';
const d = await freshDatabase('sqlite', 'explain');
await generateMembers(d.db, 20000);
await d.analyze();
const repo = new DiscoverRepository(d.db, 30 * 86_400_000);
const viewer = await repo.viewer(VIEWER.id);
const q = { page: 1, per_page: 10 } as any;
const now = new Date();
const w = await repo.window(viewer, q, now);
const ids = w.rows.slice(0, 11).map((r) => r.id);
for (const name of ['recheck', 'viewer', 'queueInputs', 'recheck', 'names']) {
  const t0 = performance.now();
  for (let i = 0; i < 1000; i++) {
    if (name === 'recheck') await repo.recheck(viewer, q, now, ids);
    else if (name === 'viewer') await repo.viewer(VIEWER.id);
    else if (name === 'names') await repo.interestNames([1, 2, 3]);
    else await repo.queueInputs(VIEWER.id, now);
  }
  console.log(name, ((performance.now() - t0) / 1000).toFixed(3), 'ms');
}
await d.dispose();
