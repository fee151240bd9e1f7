import {
  INTERESTS_MAX, PHOTOS_MAX, PROFILE_MESSAGES,
  type InterestCatalogue, type OwnProfile, type Photo, type PhotoList, type ProfileUpdateValues,
} from '@linkup/contract';
import { intakePhoto, photoError, type PhotoLimits } from '../../adapters/storage/photo-intake';
import { deleteStoredPhoto } from '../../adapters/storage/photos';
import type { PhotoStorage } from '../../adapters/storage/storage';
import { toBool, type UserRow, type UserUpdate } from '../../db/schema';
import { cityCell } from '../../lib/geo';
import { invalid, notFound } from '../../lib/http-errors';
import { newId } from '../../lib/ids';
import { isoNow, type Clock } from '../../lib/clock';
import type { LocationChanges } from '../shared/location-changes';
import { presentPhoto } from '../shared/photo.presenter';
import { presentOwnProfile } from './profile.presenter';
import type { ProfileRepository } from './profile.repository';

/** The member's own profile: details, photos and interests. */
export class ProfileService {
  constructor(
    private readonly repo: ProfileRepository,
    private readonly storage: PhotoStorage,
    private readonly limits: PhotoLimits,
    private readonly locationChanges: LocationChanges,
    /** The time rows are stamped with and ages are counted at (tests move it). */
    private readonly clock: Clock,
    /** Told after the main photo changed (issue 31: the verified badge follows the main photo's face). */
    private readonly mainPhotoChanged: (userId: string) => void = () => {},
  ) {}

  /** Fills in the interest catalogue's missing names (at start-up, whether or not demo data is seeded). */
  ensureCatalogue(): Promise<void> {
    return this.repo.ensureInterestCatalogue();
  }

  async get(userId: string): Promise<OwnProfile> {
    const user = await this.user(userId);
    const [photos, interests] = await Promise.all([this.repo.photos(userId), this.repo.interestsOf(userId)]);
    return presentOwnProfile(this.storage, user, photos, interests, this.clock.now());
  }

  /**
   * Applies the fields sent; a new city also moves the member's coarse location cell, and counts
   * as a change of location (a few a day: 429 past them, nothing changed).
   */
  async update(userId: string, values: ProfileUpdateValues): Promise<OwnProfile> {
    const user = await this.user(userId);
    const changes: UserUpdate = {};
    for (const [key, value] of Object.entries(values) as [keyof ProfileUpdateValues, unknown][]) {
      if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
    }
    if (values.city !== undefined && values.city !== user.city) {
      await this.locationChanges.take(userId);
      changes.location_cell = cityCell(values.city);
    }
    if (Object.keys(changes).length > 0) await this.repo.updateUser(userId, { ...changes, updated_at: isoNow(this.clock) });
    return this.get(userId);
  }

  async photoList(userId: string): Promise<PhotoList> {
    const rows = await this.repo.photos(userId);
    return { photos: rows.map((row) => presentPhoto(this.storage, row)), max_photos: PHOTOS_MAX, max_bytes: this.limits.maxBytes };
  }

  /**
   * Decodes, strips and re-encodes an upload, stores its sizes and adds it last (first photo =
   * primary). The count is checked again inside a transaction holding the member's row, so two
   * uploads at once never pass PHOTOS_MAX; a refused upload's stored files are removed.
   */
  async addPhoto(userId: string, input: Buffer): Promise<Photo> {
    if ((await this.repo.countPhotos(userId)) >= PHOTOS_MAX) throw photoError('photos_full', PROFILE_MESSAGES.photosMax);
    const stored = await intakePhoto(this.storage, input, this.limits);
    try {
      const row = await this.repo.withMemberLock(userId, async (trx) => {
        const existing = await this.repo.photos(userId, trx);
        if (existing.length >= PHOTOS_MAX) return null;
        const photo = {
          id: newId(),
          user_id: userId,
          position: existing.length === 0 ? 0 : Math.max(...existing.map((p) => p.position)) + 1,
          is_primary: !existing.some((p) => toBool(p.is_primary)),
          storage_key: stored.storageKey,
          width: stored.width,
          height: stored.height,
          created_at: isoNow(this.clock),
        };
        await this.repo.insertPhoto(trx, photo);
        return photo;
      });
      if (!row) throw photoError('photos_full', PROFILE_MESSAGES.photosMax);
      return presentPhoto(this.storage, row);
    } catch (error) {
      await deleteStoredPhoto(this.storage, stored.storageKey).catch(() => {});
      throw error;
    }
  }

  /** `photoIds` must be exactly my photo ids, each once. */
  async reorder(userId: string, photoIds: readonly string[]): Promise<PhotoList> {
    await this.repo.withMemberLock(userId, async (trx) => {
      const rows = await this.repo.photos(userId, trx);
      const mine = new Set(rows.map((r) => r.id));
      const sent = new Set(photoIds);
      if (sent.size !== photoIds.length || sent.size !== mine.size || ![...sent].every((id) => mine.has(id))) {
        throw invalid('photo_order_invalid', { photo_ids: [PROFILE_MESSAGES.photoOrder] });
      }
      const primary = rows.find((r) => toBool(r.is_primary))?.id ?? photoIds[0] ?? null;
      await this.repo.arrange(trx, userId, photoIds, primary);
    });
    return this.photoList(userId);
  }

  async setPrimary(userId: string, photoId: string): Promise<PhotoList> {
    const changed = await this.repo.withMemberLock(userId, async (trx) => {
      const rows = await this.repo.photos(userId, trx);
      if (!rows.some((r) => r.id === photoId)) throw notFound('photo_not_found');
      await this.repo.arrange(trx, userId, rows.map((r) => r.id), photoId);
      return !rows.some((r) => r.id === photoId && toBool(r.is_primary));
    });
    if (changed) this.mainPhotoChanged(userId);
    return this.photoList(userId);
  }

  /** Removes the photo and its stored files; the first remaining photo becomes primary if needed. */
  async deletePhoto(userId: string, photoId: string): Promise<PhotoList> {
    const removed = await this.repo.withMemberLock(userId, async (trx) => {
      const rows = await this.repo.photos(userId, trx);
      const target = rows.find((r) => r.id === photoId);
      if (!target) throw notFound('photo_not_found');
      await this.repo.deletePhoto(trx, userId, photoId);
      const rest = rows.filter((r) => r.id !== photoId);
      const primary = rest.find((r) => toBool(r.is_primary))?.id ?? rest[0]?.id ?? null;
      await this.repo.arrange(trx, userId, rest.map((r) => r.id), primary);
      return target;
    });
    await deleteStoredPhoto(this.storage, removed.storage_key).catch(() => {});
    if (toBool(removed.is_primary)) this.mainPhotoChanged(userId);
    return this.photoList(userId);
  }

  async catalogue(): Promise<InterestCatalogue> {
    return { interests: await this.repo.catalogue(), max: INTERESTS_MAX };
  }

  /** Replaces my interests with these catalogue names; an unknown name is a 422. */
  async setInterests(userId: string, names: readonly string[]): Promise<string[]> {
    await this.user(userId);
    const catalogue = await this.repo.catalogue();
    const byName = new Map(catalogue.map((i) => [i.name.toLowerCase(), i.id]));
    const unknown = names.filter((n) => !byName.has(n.toLowerCase()));
    if (unknown.length > 0) throw invalid('interest_unknown', { interests: [PROFILE_MESSAGES.interestUnknown] });
    const ids = [...new Set(names.map((n) => byName.get(n.toLowerCase())!))];
    if (ids.length > INTERESTS_MAX) throw invalid('interests_too_many', { interests: [PROFILE_MESSAGES.interestsMax] });
    await this.repo.replaceInterests(userId, ids, isoNow(this.clock));
    return this.repo.interestsOf(userId);
  }

  private async user(userId: string): Promise<UserRow> {
    const user = await this.repo.findUser(userId);
    if (!user) throw notFound('member_not_found');
    return user;
  }
}
