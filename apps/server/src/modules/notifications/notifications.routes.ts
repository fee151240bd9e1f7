import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FEED_PAGE_SIZES, FeedNotificationSchema, FeedNotificationsSchema, ReadTabBodySchema, UnreadCountSchema, envelope, pageQuery,
} from '@linkup/contract';
import { IdParams, bearerAuth, currentMember } from '../../lib/routes';

const secured = bearerAuth('notifications');

/** Spec §7 "Feed": the notifications inbox — my own items only, newest first. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get('/feed/notifications', {
    schema: {
      ...secured, summary: 'My notifications, newest first, with the unread count',
      querystring: pageQuery(FEED_PAGE_SIZES.notifications), response: { 200: envelope(FeedNotificationsSchema) },
    },
  }, async (request) => ({
    success: true as const,
    data: await notifications.list(currentMember(request).user.id, request.query.page, request.query.per_page),
  }));

  app.get('/feed/notifications/unread-count', {
    schema: { ...secured, summary: 'How many of my notifications are unread (the bell), and of them behind the Feed and Matches tabs', response: { 200: envelope(UnreadCountSchema) } },
  }, async (request) => ({ success: true as const, data: await notifications.unreadCounts(currentMember(request).user.id) }));

  app.put('/feed/notifications/read', {
    schema: {
      ...secured, summary: "Mark my notifications behind a tab's badge read (its page is open)", body: ReadTabBodySchema,
      response: { 200: envelope(UnreadCountSchema) },
    },
  }, async (request) => ({ success: true as const, data: await notifications.readTab(currentMember(request).user.id, request.body.tab) }));

  app.put('/feed/notifications/:id/read', {
    schema: { ...secured, summary: 'Mark one of my notifications read', params: IdParams, response: { 200: envelope(FeedNotificationSchema) } },
  }, async (request) => ({ success: true as const, data: await notifications.mark(currentMember(request).user.id, request.params.id, false) }));

  app.put('/feed/notifications/:id/clicked', {
    schema: { ...secured, summary: 'Mark one of my notifications opened (and read)', params: IdParams, response: { 200: envelope(FeedNotificationSchema) } },
  }, async (request) => ({ success: true as const, data: await notifications.mark(currentMember(request).user.id, request.params.id, true) }));
};
