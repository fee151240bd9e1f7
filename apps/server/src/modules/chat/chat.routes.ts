import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHAT_REQUEST_MESSAGES, ChatMessageSchema, ChatRequestSchema, ChatRoomSchema, ChatUserSearchResultSchema, CreateRoomBodySchema, EditMessageBodySchema,
  PAGE_SIZES, SUCCESS_TOASTS, SendMessageBodySchema, UserSearchQuerySchema, envelope, pageQuery, paginated, roomIdFromChannel,
} from '@linkup/contract';
import { z } from 'zod';
import { IdParams, currentMember, perMember, bearerAuth } from '../../lib/routes';

const secured = bearerAuth('chat');

/** Spec §7 "Chat": rooms, messages, read marks, user search, leaving — members only. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chat, config } = app.services;
  app.realtime.authorizeChannels('chat.room.', (userId, channel) => chat.mayJoinRoom(userId, roomIdFromChannel(channel) ?? ''));
  // The same send over a member's socket: no HTTP request per message (docs/decisions.md, chat).
  app.realtime.handleCommand('message.send', {
    schema: SendMessageBodySchema,
    perMinute: config.chatMessagesPerMinute,
    run: async (userId, body, from) => {
      const { message, created } = await chat.send(userId, body, { exceptSocket: from.socketId });
      return { status: created ? 201 : 200, data: message };
    },
  });
  // onRequest: a signed-out caller gets 401 before anything about the body is said.
  app.addHook('onRequest', app.authenticate);

  app.get('/chat/rooms', {
    schema: { ...secured, summary: 'My conversations, most recent first', querystring: pageQuery(PAGE_SIZES.chatRooms), response: { 200: envelope(paginated(ChatRoomSchema)) } },
  }, async (request) => ({
    success: true as const, data: await chat.listRooms(currentMember(request).user.id, request.query.page, request.query.per_page),
  }));

  app.get('/chat/requests', {
    schema: {
      ...secured, summary: 'Message requests to me: first messages from members I have not matched, newest first',
      querystring: pageQuery(PAGE_SIZES.chatRequests), response: { 200: envelope(paginated(ChatRequestSchema)) },
    },
  }, async (request) => ({
    success: true as const, data: await chat.listRequests(currentMember(request).user.id, request.query.page, request.query.per_page),
  }));

  app.post('/chat/rooms/:id/accept', {
    schema: { ...secured, summary: 'Accept a message request: it becomes a conversation', params: IdParams, response: { 200: envelope(ChatRoomSchema) } },
  }, async (request) => ({
    success: true as const, data: await chat.accept(currentMember(request).user.id, request.params.id), message: CHAT_REQUEST_MESSAGES.accepted,
  }));

  app.post('/chat/rooms/:id/decline', {
    schema: { ...secured, summary: 'Decline a message request (its sender is not told)', params: IdParams, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await chat.decline(currentMember(request).user.id, request.params.id);
    return { success: true as const, data: null, message: CHAT_REQUEST_MESSAGES.declined };
  });

  app.get('/chat/rooms/:id', {
    schema: { ...secured, summary: 'One of my conversations', params: IdParams, response: { 200: envelope(ChatRoomSchema) } },
  }, async (request) => ({ success: true as const, data: await chat.getRoom(currentMember(request).user.id, request.params.id) }));

  app.post('/chat/rooms', {
    schema: { ...secured, summary: 'Start (or reopen) the conversation with a member', body: CreateRoomBodySchema, response: { 200: envelope(ChatRoomSchema), 201: envelope(ChatRoomSchema) } },
  }, async (request, reply) => {
    const { user } = currentMember(request);
    const { room, created } = await chat.openRoom(user, request.body.user_id, request.body.name);
    return reply.status(created ? 201 : 200).send({ success: true as const, data: room, message: SUCCESS_TOASTS.chatStarted });
  });

  app.get('/chat/rooms/:id/messages', {
    schema: { ...secured, summary: 'Messages of a room, newest first', params: IdParams, querystring: pageQuery(PAGE_SIZES.chatMessages), response: { 200: envelope(paginated(ChatMessageSchema)) } },
  }, async (request) => ({
    success: true as const,
    data: await chat.listMessages(currentMember(request).user.id, request.params.id, request.query.page, request.query.per_page),
  }));

  app.post('/chat/messages', {
    schema: { ...secured, summary: 'Send a message (idempotent per client_id)', body: SendMessageBodySchema, response: { 200: envelope(ChatMessageSchema), 201: envelope(ChatMessageSchema) } },
    // Per member, so members behind one NAT do not share a limit and one member's sessions do.
    config: perMember(config.chatMessagesPerMinute),
  }, async (request, reply) => {
    const { message, created } = await chat.send(currentMember(request).user.id, request.body);
    return reply.status(created ? 201 : 200).send({ success: true as const, data: message });
  });

  app.put('/chat/messages/:id', {
    schema: { ...secured, summary: 'Edit my message', params: IdParams, body: EditMessageBodySchema, response: { 200: envelope(ChatMessageSchema) } },
  }, async (request) => ({
    success: true as const, data: await chat.edit(currentMember(request).user.id, request.params.id, request.body.message, request.body.confirm),
    message: SUCCESS_TOASTS.messageUpdated,
  }));

  app.delete('/chat/messages/:id', {
    schema: { ...secured, summary: 'Delete my message', params: IdParams, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await chat.remove(currentMember(request).user.id, request.params.id);
    return { success: true as const, data: null, message: SUCCESS_TOASTS.messageDeleted };
  });

  app.post('/chat/rooms/:id/read', {
    schema: { ...secured, summary: 'Mark a room read', params: IdParams, response: { 200: envelope(z.object({ read_at: z.string() })) } },
  }, async (request) => ({
    success: true as const, data: { read_at: await chat.markRead(currentMember(request).user.id, request.params.id) },
  }));

  app.get('/chat/users/search', {
    schema: { ...secured, summary: 'Find members by name (name, photo, age and city; never contact details)', querystring: UserSearchQuerySchema, response: { 200: envelope(paginated(ChatUserSearchResultSchema)) } },
  }, async (request) => ({
    success: true as const,
    data: await chat.searchUsers(currentMember(request).user.id, request.query.search, request.query.page, request.query.per_page),
  }));

  app.delete('/chat/rooms/:id/leave', {
    schema: { ...secured, summary: 'Leave a conversation', params: IdParams, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await chat.leave(currentMember(request).user.id, request.params.id);
    return { success: true as const, data: null, message: SUCCESS_TOASTS.leftChatRoom };
  });
};
