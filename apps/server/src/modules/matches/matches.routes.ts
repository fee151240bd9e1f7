import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ActivitySchema, BoostSchema, boostedMessage, LikesReceivedSchema, MATCHING_MESSAGES, MATCHING_PAGE_SIZES, MatchDetailsSchema, MatchSchema, MatchStatsSchema, SwipeResultSchema, UndoResultSchema, VisitorsSchema, envelope, pageQuery, paginated,
  type SwipeAction,
} from '@linkup/contract';
import { z } from 'zod';
import { IdParams, currentMember, bearerAuth } from '../../lib/routes';

const secured = bearerAuth('matches');

/** Spec §7 "Matches" (but discover: modules/discover), plus visitors and activity. */
export const matchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { matches, config } = app.services;
  app.addHook('onRequest', app.authenticate);

  const swipeRoute = (path: string, action: SwipeAction, summary: string) =>
    app.post(path, {
      schema: { ...secured, summary, params: IdParams, response: { 200: envelope(SwipeResultSchema) } },
    }, async (request) => {
      const result = await matches.swipe(currentMember(request).user, request.params.id, action);
      return { success: true as const, data: result, ...(result.matched ? { message: MATCHING_MESSAGES.itsAMatch } : {}) };
    });
  swipeRoute('/matches/:id/like', 'like', 'Like a member');
  swipeRoute('/matches/:id/super-like', 'super_like', 'Super like a member');
  swipeRoute('/matches/:id/pass', 'pass', 'Pass on a member');

  app.get('/matches', {
    schema: { ...secured, summary: 'My matches, newest first', querystring: pageQuery(MATCHING_PAGE_SIZES.lists), response: { 200: envelope(paginated(MatchSchema)) } },
  }, async (request) => ({
    success: true as const, data: await matches.listMatches(currentMember(request).user.id, request.query.page, request.query.per_page),
  }));

  app.get('/matches/likes', {
    schema: { ...secured, summary: 'People who like me (names and photos for premium only)', querystring: pageQuery(MATCHING_PAGE_SIZES.lists), response: { 200: envelope(LikesReceivedSchema) } },
  }, async (request) => ({
    success: true as const, data: await matches.likes(currentMember(request).user.id, request.query.page, request.query.per_page),
  }));

  app.get('/matches/stats/summary', {
    schema: { ...secured, summary: 'My matching numbers and what is left today', response: { 200: envelope(MatchStatsSchema) } },
  }, async (request) => ({ success: true as const, data: await matches.stats(currentMember(request).user.id) }));

  app.post('/matches/undo-last-action', {
    schema: { ...secured, summary: 'Undo my last like or pass (premium)', response: { 200: envelope(UndoResultSchema) } },
  }, async (request) => ({ success: true as const, data: await matches.undo(currentMember(request).user.id), message: MATCHING_MESSAGES.undone }));

  app.post('/matches/boost-profile', {
    schema: { ...secured, summary: 'Show my profile first for a while (premium, weekly)', response: { 200: envelope(BoostSchema) } },
  }, async (request) => ({ success: true as const, data: await matches.boost(currentMember(request).user.id), message: boostedMessage(Math.round(config.matching.boostMs / 60_000)) }));

  app.get('/matches/:id', {
    schema: { ...secured, summary: 'One of my matches', params: IdParams, response: { 200: envelope(MatchDetailsSchema) } },
  }, async (request) => ({ success: true as const, data: await matches.matchDetails(currentMember(request).user.id, request.params.id) }));

  app.delete('/matches/:id', {
    schema: { ...secured, summary: 'Unmatch', params: IdParams, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await matches.unmatch(currentMember(request).user.id, request.params.id);
    return { success: true as const, data: null, message: MATCHING_MESSAGES.unmatched };
  });

  app.get('/visitors', {
    schema: { ...secured, summary: 'Who viewed my profile (names and photos for premium only)', querystring: pageQuery(MATCHING_PAGE_SIZES.lists), response: { 200: envelope(VisitorsSchema) } },
  }, async (request) => ({
    success: true as const, data: await matches.visitors(currentMember(request).user.id, request.query.page, request.query.per_page),
  }));

  app.get('/activity', {
    schema: { ...secured, summary: 'My recent activity', response: { 200: envelope(ActivitySchema) } },
  }, async (request) => ({ success: true as const, data: { items: await matches.activity(currentMember(request).user.id) } }));
};
