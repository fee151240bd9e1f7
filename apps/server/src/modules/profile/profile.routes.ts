import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  InterestCatalogueSchema, InterestsBodySchema, MyInterestsSchema, OwnProfileSchema, PROFILE_MESSAGES, PhotoListSchema,
  PhotoOrderBodySchema, PhotoSchema, ProfileUpdateSchema, envelope,
} from '@linkup/contract';
import { UPLOADS_PER_WINDOW, UPLOAD_WINDOW_MS, acceptPhotoUploads, readPhotoUpload } from '../../lib/photo-upload';
import { IdParams, currentMember, perMember, bearerAuth } from '../../lib/routes';

const secured = bearerAuth('profile');

/** The member's own profile (issue #4 "Profile"): details, photos, interests, and the catalogue. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profile: profiles, config } = app.services;
  const maxBytes = config.photos.maxBytes;

  // The catalogue must exist whether or not demo data is seeded (idempotent: missing names only).
  app.addHook('onReady', async () => {
    await profiles.ensureCatalogue().catch((err: unknown) => app.log.warn({ err }, 'could not fill the interest catalogue'));
  });

  // Only this plugin parses multipart; one file of at most PHOTO_MAX_BYTES, nothing else of size.
  await acceptPhotoUploads(app, maxBytes);
  app.addHook('onRequest', app.authenticate);

  app.get('/profile', {
    schema: { ...secured, summary: 'My own profile, with what is missing from it', response: { 200: envelope(OwnProfileSchema) } },
  }, async (request) => ({ success: true as const, data: await profiles.get(currentMember(request).user.id) }));

  app.put('/profile', {
    schema: { ...secured, summary: 'Change my profile (only the fields sent)', body: ProfileUpdateSchema, response: { 200: envelope(OwnProfileSchema) } },
  }, async (request) => ({
    success: true as const,
    data: await profiles.update(currentMember(request).user.id, request.body),
    message: PROFILE_MESSAGES.updated,
  }));

  app.get('/profile/photos', {
    schema: { ...secured, summary: 'My photos in order, with the upload limits', response: { 200: envelope(PhotoListSchema) } },
  }, async (request) => ({ success: true as const, data: await profiles.photoList(currentMember(request).user.id) }));

  app.post('/profile/photos', {
    schema: {
      ...secured,
      summary: 'Add a photo (multipart, file field `photo`): re-encoded to WebP sizes without any metadata',
      consumes: ['multipart/form-data'],
      response: { 201: envelope(PhotoSchema) },
    },
    config: perMember(UPLOADS_PER_WINDOW, UPLOAD_WINDOW_MS),
  }, async (request, reply) => {
    const userId = currentMember(request).user.id;
    const buffer = await readPhotoUpload(request, maxBytes);
    const photo = await profiles.addPhoto(userId, buffer);
    return reply.status(201).send({ success: true as const, data: photo, message: PROFILE_MESSAGES.photoUploaded });
  });

  app.put('/profile/photos/order', {
    schema: { ...secured, summary: 'Reorder my photos (every photo id once, in the new order)', body: PhotoOrderBodySchema, response: { 200: envelope(PhotoListSchema) } },
  }, async (request) => ({
    success: true as const,
    data: await profiles.reorder(currentMember(request).user.id, request.body.photo_ids),
    message: PROFILE_MESSAGES.orderSaved,
  }));

  app.put('/profile/photos/:id/primary', {
    schema: { ...secured, summary: 'Make one of my photos the main photo', params: IdParams, response: { 200: envelope(PhotoListSchema) } },
  }, async (request) => ({
    success: true as const,
    data: await profiles.setPrimary(currentMember(request).user.id, request.params.id),
    message: PROFILE_MESSAGES.primarySet,
  }));

  app.delete('/profile/photos/:id', {
    schema: { ...secured, summary: 'Delete one of my photos (and its stored files)', params: IdParams, response: { 200: envelope(PhotoListSchema) } },
  }, async (request) => ({
    success: true as const,
    data: await profiles.deletePhoto(currentMember(request).user.id, request.params.id),
    message: PROFILE_MESSAGES.photoDeleted,
  }));

  app.get('/interests', {
    schema: { ...secured, summary: 'The interest catalogue and how many a member may pick', response: { 200: envelope(InterestCatalogueSchema) } },
  }, async () => ({ success: true as const, data: await profiles.catalogue() }));

  app.put('/profile/interests', {
    schema: { ...secured, summary: 'Replace my interests (catalogue names)', body: InterestsBodySchema, response: { 200: envelope(MyInterestsSchema) } },
  }, async (request) => ({
    success: true as const,
    data: { interests: await profiles.setInterests(currentMember(request).user.id, request.body.interests) },
    message: PROFILE_MESSAGES.interestsSaved,
  }));
};
