import { sql, type Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

export interface OnboardingFacts {
  photos: number;
  interests: number;
  hasPreferences: boolean;
}

/** The SQL onboarding needs: what the member has filled in, and marking it finished. */
export class OnboardingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findUser(userId: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  }

  async facts(userId: string): Promise<OnboardingFacts> {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb.selectFrom('user_photos').select(sql<number>`count(*)`.as('n')).where('user_id', '=', userId).as('photos'),
        eb.selectFrom('user_interests').select(sql<number>`count(*)`.as('n')).where('user_id', '=', userId).as('interests'),
        eb.selectFrom('user_preferences').select(sql<number>`count(*)`.as('n')).where('user_id', '=', userId).as('preferences'),
      ])
      .executeTakeFirstOrThrow();
    return { photos: Number(row.photos ?? 0), interests: Number(row.interests ?? 0), hasPreferences: Number(row.preferences ?? 0) > 0 };
  }

  /** Sets `profile_completed`; the first completion time is kept. */
  async markCompleted(userId: string, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({
        profile_completed: true,
        onboarding_completed_at: eb.fn.coalesce('onboarding_completed_at', eb.val(now)),
        updated_at: now,
      }))
      .where('id', '=', userId)
      .execute();
  }
}
