import {
  MATCHING_LIMITS, MATCHING_MESSAGES, MATCHING_PAGE_SIZES, dailyLimitMessage, type ActivityItem, type Boost, type LikesReceived,
  type Match, type MatchDetails, type MatchStats, type MemberSummary, type SwipeAction, type SwipeResult, type UndoResult, type Visitors,
} from '@linkup/contract';
import { pageOf } from '../../lib/page';
import { conflict, invalid, notFound, paymentRequired, tooManyRequests } from '../../lib/http-errors';
import { newId } from '../../lib/ids';
import { nextUtcMidnight, utcDay, type Clock } from '../../lib/clock';
import type { BlocksRepository } from '../shared/blocks.repository';
import { contactPolicy } from '../shared/contact.policy';
import type { EntitlementsRepository } from '../shared/entitlements.repository';
import type { MemberSummaries } from '../shared/member-summaries';
import type { Notifier } from '../shared/notifier';
import type { OnboardingGate } from '../shared/onboarding-gate';
import type { ProfileLoader } from '../shared/public-profile';
import type { MatchesRepository, MatchRow } from './matches.repository';


export interface MatchingLimits {
  freeDailyLikes: number;
  freeDailySuperLikes: number;
  premiumDailySuperLikes: number;
  boostMs: number;
  passResurfaceMs: number;
}

/**
 * The chat rooms of matches, as the chat module keeps them (its ChatService): a match opens the
 * pair's room, an unmatch closes it for both.
 */
export interface MatchRooms {
  openMatchRoom(actor: { id: string; name: string }, other: { id: string; name: string }): Promise<string>;
  closePairRoom(a: string, b: string): Promise<void>;
}

/**
 * Discover's ranked queues, as the discover module keeps them (its DiscoverService): an undone
 * swipe forgets the member's queue.
 */
export interface DiscoverQueues {
  forgetQueue(userId: string): Promise<void>;
}

export interface MatchesServiceDeps {
  repo: MatchesRepository;
  discover: DiscoverQueues;
  blocks: BlocksRepository;
  entitlements: EntitlementsRepository;
  summaries: MemberSummaries;
  rooms: MatchRooms;
  loadProfiles: ProfileLoader;
  notifier: Notifier;
  limits: MatchingLimits;
  clock: Clock;
  onboarding: OnboardingGate;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;


/**
 * Matching (spec §7 "Matches"): swipes, matches, likes, visitors, activity, undo and boost; who to
 * discover is the discover module's. Limits and premium-only calls are enforced here, not
 * in the client: out of likes → 429 with when it resets, premium only → 402.
 */
export class MatchesService {
  private readonly repo: MatchesRepository;
  private readonly limits: MatchingLimits;

  constructor(private readonly deps: MatchesServiceDeps) {
    this.repo = deps.repo;
    this.limits = deps.limits;
  }

  private clock(): Date {
    return this.deps.clock.now();
  }

  private isPremium(userId: string, now = this.clock()): Promise<boolean> {
    return this.deps.entitlements.isPremium(userId, now.toISOString());
  }

  // ── Like, super like, pass ──

  async swipe(actor: { id: string; name: string }, targetId: string, action: SwipeAction): Promise<SwipeResult> {
    if (targetId === actor.id) throw invalid('own_profile', { id: [MATCHING_MESSAGES.cannotLikeSelf] }, MATCHING_MESSAGES.cannotLikeSelf);
    // A pass needs no finished profile; a like or super like shows the member to someone.
    if (action !== 'pass') await this.deps.onboarding.assertOnboarded(actor.id);
    const target = await this.repo.findUser(targetId);
    if (!target || (await this.deps.blocks.eitherWay(actor.id, targetId))) throw notFound('member_not_found', MATCHING_MESSAGES.memberNotFound);

    const now = this.clock();
    const nowIso = now.toISOString();
    const day = utcDay(now);
    const premium = await this.isPremium(actor.id, now);
    const existingMatch = await this.repo.findMatchByPair(actor.id, targetId);
    if (existingMatch && !existingMatch.unmatched_at && action === 'pass') throw conflict('already_matched', MATCHING_MESSAGES.alreadyMatched);
    if (existingMatch?.unmatched_at) throw notFound('member_not_found', MATCHING_MESSAGES.memberNotFound);

    let counted = false;
    await this.repo.transaction(async (tx) => {
      const previous = await tx.findSwipe(actor.id, targetId);
      if (!previous) counted = await tx.insertSwipe(actor.id, targetId, action, nowIso);
      else if (previous.action !== action && !(previous.action === 'super_like' && action === 'like')) {
        counted = await tx.changeSwipe(actor.id, targetId, previous.action, action, nowIso);
      }
      if (!counted || action === 'pass') return;
      const column = action === 'like' ? 'likes' : 'super_likes';
      const used = await tx.incrementUsage(actor.id, day, column);
      const limit = action === 'like'
        ? (premium ? Number.POSITIVE_INFINITY : this.limits.freeDailyLikes)
        : (premium ? this.limits.premiumDailySuperLikes : this.limits.freeDailySuperLikes);
      if (used > limit) {
        const resetsAt = nextUtcMidnight(now);
        throw action === 'like'
          ? tooManyRequests('daily_likes_used', dailyLimitMessage(MATCHING_MESSAGES.outOfLikes, resetsAt), { resets_at: resetsAt })
          : tooManyRequests('daily_super_likes_used', dailyLimitMessage(MATCHING_MESSAGES.outOfSuperLikes, resetsAt), { resets_at: resetsAt });
      }
    });

    let match: Match | null = null;
    if (action !== 'pass') match = await this.matchIfMutual(actor, targetId, nowIso);
    // A new like or super like that did not make a match: the member liked is told (a match tells both).
    if (counted && action !== 'pass' && !match) {
      await this.deps.notifier.notify({ userId: targetId, type: action === 'super_like' ? 'super_like' : 'like', actorId: actor.id });
    }
    const left = await this.left(actor.id, premium, day);
    return { action, matched: match !== null, match, likes_left: left.likes, super_likes_left: left.superLikes };
  }

  private async left(userId: string, premium: boolean, day: string) {
    const usage = await this.repo.usage(userId, day);
    return {
      likes: premium ? null : Math.max(0, this.limits.freeDailyLikes - usage.likes),
      superLikes: Math.max(0, (premium ? this.limits.premiumDailySuperLikes : this.limits.freeDailySuperLikes) - usage.super_likes),
    };
  }

  /**
   * Runs after the like committed, so of two simultaneous likes at least the later one sees the
   * other; the pair's unique key lets exactly one insert the match and its room.
   */
  private async matchIfMutual(actor: { id: string; name: string }, targetId: string, now: string): Promise<Match | null> {
    const [mine, theirs] = await Promise.all([this.repo.findSwipe(actor.id, targetId), this.repo.findSwipe(targetId, actor.id)]);
    if (!mine || mine.action === 'pass' || !theirs || theirs.action === 'pass') return null;
    const kind = mine.action === 'super_like' || theirs.action === 'super_like' ? 'super_like' : 'like';
    const created = await this.repo.insertMatch({ id: newId(), a: actor.id, b: targetId, kind, now });
    let row = await this.repo.findMatchByPair(actor.id, targetId);
    if (!row || row.unmatched_at) return null;
    if (created) {
      const target = await this.repo.findUser(targetId);
      const roomId = await this.deps.rooms.openMatchRoom(actor, { id: targetId, name: target?.name ?? '' });
      await this.repo.setMatchRoom(row.id, roomId);
      row = { ...row, chat_room_id: roomId };
      await this.notifyMatch(row);
    }
    return (await this.presentMatches(actor.id, [row]))[0] ?? null;
  }

  private async notifyMatch(match: MatchRow): Promise<void> {
    const type = match.kind === 'super_like' ? 'super_match' : 'match';
    for (const [me, other] of [[match.user_a, match.user_b], [match.user_b, match.user_a]] as const) {
      await this.deps.notifier.notify({ userId: me, type, actorId: other, subjectId: match.id, chatRoomId: match.chat_room_id });
    }
  }

  // ── Matches ──

  private async presentMatches(userId: string, rows: MatchRow[]): Promise<Match[]> {
    const others = rows.map((r) => (r.user_a === userId ? r.user_b : r.user_a));
    const summaries = await this.deps.summaries.of(others);
    return rows.flatMap((row, i) => {
      const user = summaries.get(others[i]!);
      return user ? [{ id: row.id, kind: row.kind, created_at: row.created_at, chat_room_id: row.chat_room_id, user }] : [];
    });
  }

  async listMatches(userId: string, page: number, perPage: number) {
    const [total, rows] = await Promise.all([this.repo.countMatches(userId), this.repo.listMatches(userId, perPage, (page - 1) * perPage)]);
    return pageOf(await this.presentMatches(userId, rows), total, page, perPage);
  }

  async matchDetails(userId: string, matchId: string): Promise<MatchDetails> {
    const row = await this.repo.findActiveMatch(matchId, userId);
    const otherId = row ? (row.user_a === userId ? row.user_b : row.user_a) : '';
    if (!row || (await this.deps.blocks.eitherWay(userId, otherId))) throw notFound('match_not_found', MATCHING_MESSAGES.matchNotFound);
    const [[match], profiles, shared, mine, theirs] = await Promise.all([
      this.presentMatches(userId, [row]),
      this.deps.loadProfiles(userId, [otherId]),
      this.repo.sharedInterests(userId, otherId),
      this.repo.findSwipe(userId, otherId),
      this.repo.findSwipe(otherId, userId),
    ]);
    const profile = profiles.get(otherId);
    if (!match || !profile) throw notFound('match_not_found', MATCHING_MESSAGES.matchNotFound);
    const kindOf = (action: string | undefined) => (action === 'super_like' ? 'super_like' : 'like') as 'like' | 'super_like';
    return {
      ...match,
      shared_interests: shared,
      liked_first: !theirs || (mine && mine.created_at <= theirs.created_at) ? 'me' : 'them',
      my_action: kindOf(mine?.action),
      their_action: kindOf(theirs?.action),
      profile,
    };
  }

  /**
   * Unmatch: the match ends for both and the pair's room closes (both leave it, sockets too);
   * until they match again neither can reopen it, message, find or view the other.
   */
  async unmatch(userId: string, matchId: string): Promise<{ chat_room_id: string | null; other_id: string }> {
    const row = await this.repo.findActiveMatch(matchId, userId);
    if (!row) throw notFound('match_not_found', MATCHING_MESSAGES.matchNotFound);
    const now = this.clock().toISOString();
    if (!(await this.repo.unmatch(row.id, userId, now))) throw notFound('match_not_found', MATCHING_MESSAGES.matchNotFound);
    await this.deps.rooms.closePairRoom(row.user_a, row.user_b);
    return { chat_room_id: row.chat_room_id, other_id: row.user_a === userId ? row.user_b : row.user_a };
  }

  // ── Likes, visitors, stats, activity ──

  async likes(userId: string, page: number, perPage: number): Promise<LikesReceived> {
    const premium = await this.isPremium(userId);
    const count = await this.repo.countLikesReceived(userId);
    if (!premium) return { count, locked: true, items: [], placeholders: Math.min(count, MATCHING_LIMITS.lockedPlaceholders) };
    const rows = await this.repo.listLikesReceived(userId, perPage, (page - 1) * perPage);
    const summaries = await this.deps.summaries.of(rows.map((r) => r.actor_id));
    return {
      count, locked: false, placeholders: 0,
      items: rows.flatMap((r) => {
        const user = summaries.get(r.actor_id);
        return user ? [{ user, kind: r.action === 'super_like' ? 'super_like' as const : 'like' as const, liked_at: r.created_at }] : [];
      }),
    };
  }

  async visitors(userId: string, page: number, perPage: number): Promise<Visitors> {
    const premium = await this.isPremium(userId);
    const count = await this.repo.countVisitors(userId);
    if (!premium) return { count, locked: true, items: [], placeholders: Math.min(count, MATCHING_LIMITS.lockedPlaceholders) };
    const rows = await this.repo.listVisitors(userId, perPage, (page - 1) * perPage);
    const summaries = await this.deps.summaries.of(rows.map((r) => r.viewer_id));
    return {
      count, locked: false, placeholders: 0,
      items: rows.flatMap((r) => {
        const user = summaries.get(r.viewer_id);
        return user ? [{ user, visited_at: String(r.visited_at) }] : [];
      }),
    };
  }

  async stats(userId: string): Promise<MatchStats> {
    const now = this.clock();
    const premium = await this.isPremium(userId, now);
    const [counts, matches, left, boost] = await Promise.all([
      this.repo.counts(userId),
      this.repo.countMatches(userId),
      this.left(userId, premium, utcDay(now)),
      this.repo.activeBoostUntil(userId, now.toISOString()),
    ]);
    return {
      likes_sent: counts.likesSent,
      likes_received: counts.likesReceived,
      matches,
      super_likes_received: counts.superLikesReceived,
      profile_views: counts.profileViews,
      likes_left_today: left.likes,
      super_likes_left_today: left.superLikes,
      is_premium: premium,
      boost_active_until: boost,
      resets_at: nextUtcMidnight(now),
    };
  }

  async activity(userId: string): Promise<ActivityItem[]> {
    const limit = MATCHING_PAGE_SIZES.activity;
    const premium = await this.isPremium(userId);
    const recent = await this.repo.recentActivity(userId, limit, premium);
    const events: { type: ActivityItem['type']; at: string; other: string; match_id: string | null }[] = [
      ...recent.sent.map((r) => ({ type: r.action === 'super_like' ? 'super_like_sent' as const : 'like_sent' as const, at: r.at, other: r.other, match_id: null })),
      ...recent.superReceived.map((r) => ({ type: 'super_like_received' as const, at: r.at, other: r.other, match_id: null })),
      ...recent.matches.map((r) => ({ type: 'match' as const, at: r.at, other: r.user_a === userId ? r.user_b : r.user_a, match_id: r.id })),
      ...recent.visits.map((r) => ({ type: 'visit' as const, at: r.at, other: r.other, match_id: null })),
      ...recent.visitors.map((r) => ({ type: 'visited_me' as const, at: r.at, other: r.other, match_id: null })),
    ];
    const others = events.map((e) => e.other);
    const [blocked, unmatched] = await Promise.all([this.deps.blocks.among(userId, others), this.deps.blocks.unmatchedAmong(userId, others)]);
    // Nothing of a member I am apart from (blocked either way, or unmatched): neither name nor photo.
    const visible = events.filter((e) => !contactPolicy.apart({ blocked: blocked.has(e.other), unmatched: unmatched.has(e.other) })).sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, limit);
    const summaries = await this.deps.summaries.of(visible.map((e) => e.other));
    return visible.flatMap((e) => {
      const user: MemberSummary | undefined = summaries.get(e.other);
      return user ? [{ type: e.type, at: e.at, user, match_id: e.match_id }] : [];
    });
  }

  // ── Premium actions ──

  /** Reverts my last like or pass, unless it made a match (premium). */
  async undo(userId: string): Promise<UndoResult> {
    const now = this.clock();
    if (!(await this.isPremium(userId, now))) throw paymentRequired(MATCHING_MESSAGES.premiumOnly);
    const last = await this.repo.lastSwipe(userId);
    if (!last) throw conflict('nothing_to_undo', MATCHING_MESSAGES.nothingToUndo);
    const match = await this.repo.findMatchByPair(userId, last.target_id);
    if (match) throw conflict('match_cannot_be_undone', MATCHING_MESSAGES.cannotUndoMatch);
    await this.repo.transaction(async (tx) => {
      if (!(await tx.deleteSwipe(userId, last.target_id, last.action))) throw conflict('nothing_to_undo', MATCHING_MESSAGES.nothingToUndo);
      // A like undone the same day gives the like back.
      if (last.action !== 'pass' && last.created_at.slice(0, 10) === utcDay(now)) {
        await tx.incrementUsage(userId, utcDay(now), last.action === 'like' ? 'likes' : 'super_likes', -1);
      }
    });
    // The member undone may show in discover again.
    await this.deps.discover.forgetQueue(userId);
    return { action: last.action, user_id: last.target_id };
  }

  /** Ranks me first in discover for a while (premium, once a week). */
  async boost(userId: string): Promise<Boost> {
    const now = this.clock();
    const nowIso = now.toISOString();
    if (!(await this.isPremium(userId, now))) throw paymentRequired(MATCHING_MESSAGES.premiumOnly);
    if (await this.repo.activeBoostUntil(userId, nowIso)) throw conflict('boost_active', MATCHING_MESSAGES.boostActive);
    const last = await this.repo.lastBoostStart(userId);
    if (last && now.getTime() - new Date(last).getTime() < WEEK_MS / MATCHING_LIMITS.premiumBoostsPerWeek) {
      throw tooManyRequests('boost_used', MATCHING_MESSAGES.boostUsed);
    }
    const endsAt = new Date(now.getTime() + this.limits.boostMs).toISOString();
    await this.repo.insertBoost({ id: newId(), userId, startsAt: nowIso, endsAt });
    return { active_until: endsAt };
  }
}
