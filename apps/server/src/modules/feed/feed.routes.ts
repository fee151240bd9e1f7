import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FEED_MESSAGES, FeedImageSchema, FeedPageSchema, FeedPostBodySchema, FeedPostSchema, FeedQuerySchema, OwnPostResponseSchema,
  PostLikeResultSchema, envelope,
} from '@linkup/contract';
import { UPLOADS_PER_WINDOW, UPLOAD_WINDOW_MS, acceptPhotoUploads, readPhotoUpload } from '../../lib/photo-upload';
import { IdParams, bearerAuth, currentMember, perMember } from '../../lib/routes';

const secured = bearerAuth('feed');
/** Likes and unlikes a member may send a minute (far above what a thumb does; each like may notify). */
const LIKES_PER_MINUTE = 120;

/** Spec §7 "Feed": the feed, one post, likes, my own post and its photos. */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { feed, config } = app.services;
  const photos = config.photos;
  await acceptPhotoUploads(app, photos.maxBytes);
  app.addHook('onRequest', app.authenticate);

  app.get('/feed', {
    schema: {
      ...secured,
      summary: 'Posts of members who fit me and whom I fit, newest first (400 without saved dating preferences)',
      querystring: FeedQuerySchema,
      response: { 200: envelope(FeedPageSchema) },
    },
  }, async (request) => ({ success: true as const, data: await feed.feed(currentMember(request).user.id, request.query) }));

  app.get('/feed/posts/:id', {
    schema: { ...secured, summary: 'One post I may see', params: IdParams, response: { 200: envelope(FeedPostSchema) } },
  }, async (request) => ({ success: true as const, data: await feed.post(currentMember(request).user.id, request.params.id) }));

  app.post('/feed/posts/:id/like', {
    schema: { ...secured, summary: 'Like a post (a second like changes nothing)', params: IdParams, response: { 200: envelope(PostLikeResultSchema) } },
    config: perMember(LIKES_PER_MINUTE),
  }, async (request) => ({
    success: true as const, data: await feed.like(currentMember(request).user.id, request.params.id), message: FEED_MESSAGES.liked,
  }));

  app.delete('/feed/posts/:id/unlike', {
    schema: { ...secured, summary: 'Take my like of a post back', params: IdParams, response: { 200: envelope(PostLikeResultSchema) } },
    config: perMember(LIKES_PER_MINUTE),
  }, async (request) => ({
    success: true as const, data: await feed.unlike(currentMember(request).user.id, request.params.id), message: FEED_MESSAGES.unliked,
  }));

  app.get('/feed/my-post', {
    schema: { ...secured, summary: 'My own post, if I have one', response: { 200: envelope(OwnPostResponseSchema) } },
  }, async (request) => ({ success: true as const, data: await feed.myPost(currentMember(request).user.id) }));

  app.post('/feed/my-post', {
    schema: { ...secured, summary: 'Publish my post (one per member: a second is 409)', body: FeedPostBodySchema, response: { 201: envelope(OwnPostResponseSchema) } },
  }, async (request, reply) => reply.status(201).send({
    success: true as const, data: await feed.createPost(currentMember(request).user.id, request.body), message: FEED_MESSAGES.created,
  }));

  app.put('/feed/my-post', {
    schema: { ...secured, summary: 'Replace my post (every field of the form)', body: FeedPostBodySchema, response: { 200: envelope(OwnPostResponseSchema) } },
  }, async (request) => ({
    success: true as const, data: await feed.updatePost(currentMember(request).user.id, request.body), message: FEED_MESSAGES.updated,
  }));

  app.delete('/feed/my-post', {
    schema: { ...secured, summary: 'Delete my post, its photos and likes', response: { 200: envelope(OwnPostResponseSchema) } },
  }, async (request) => {
    await feed.deletePost(currentMember(request).user.id);
    return { success: true as const, data: { has_post: false, post: null }, message: FEED_MESSAGES.deleted };
  });

  app.post('/feed/my-post/images', {
    schema: {
      ...secured,
      summary: 'Add a photo for my post (multipart, file field `photo`): re-encoded without any metadata; send its id in image_1…image_4',
      consumes: ['multipart/form-data'],
      response: { 201: envelope(FeedImageSchema) },
    },
    config: perMember(UPLOADS_PER_WINDOW, UPLOAD_WINDOW_MS),
  }, async (request, reply) => {
    const buffer = await readPhotoUpload(request, photos.maxBytes);
    const image = await feed.uploadImage(currentMember(request).user.id, buffer);
    return reply.status(201).send({ success: true as const, data: image, message: FEED_MESSAGES.imageUploaded });
  });
};
