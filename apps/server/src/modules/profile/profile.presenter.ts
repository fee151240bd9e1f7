import { PROFILE_COMPLETION_ITEMS, ageOnDate, type OwnProfile, type ProfileCompletion, type ProfileCompletionField } from '@linkup/contract';
import type { PhotoStorage } from '../../adapters/storage/storage';
import { toBool, type PhotoRow, type UserRow } from '../../db/schema';
import { datingFields } from '../shared/dating-fields';
import { presentPhoto } from '../shared/photo.presenter';
import { mobileOf } from '../shared/session-user.presenter';

const filled = (value: string | number | null | undefined) => (typeof value === 'string' ? value.trim() !== '' : value !== null && value !== undefined);

/** What is still missing from a profile, and the weighted percentage of what is there. */
export function profileCompletion(user: UserRow, photoCount: number, interestCount: number): ProfileCompletion {
  const done: Record<ProfileCompletionField, boolean> = {
    photos: photoCount > 0,
    about: filled(user.about),
    gender: filled(user.gender),
    date_of_birth: filled(user.date_of_birth),
    city: filled(user.city) && filled(user.province),
    interests: interestCount > 0,
    relationship_type: filled(user.relationship_type),
    marital_status: filled(user.marital_status),
    body_type: filled(user.body_type),
    how_often_drink: filled(user.how_often_drink),
    love_language: filled(user.love_language),
    height_cm: filled(user.height_cm),
    job_title: filled(user.job_title),
    education: filled(user.education),
  };
  let percentage = 0;
  const missing: ProfileCompletion['missing'] = [];
  for (const item of PROFILE_COMPLETION_ITEMS) {
    if (done[item.field]) percentage += item.weight;
    else missing.push({ field: item.field, label: item.label });
  }
  return { percentage: Math.min(100, percentage), missing };
}

/** The member's own profile: their own contact details and birth date, never the location cell. */
export function presentOwnProfile(storage: PhotoStorage, user: UserRow, photos: PhotoRow[], interests: string[], now = new Date()): OwnProfile {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone_number: mobileOf(user),
    date_of_birth: user.date_of_birth,
    age: user.date_of_birth ? ageOnDate(user.date_of_birth, now) : null,
    gender: user.gender,
    ...datingFields(user),
    about: user.about,
    city: user.city,
    province: user.province,
    photos: photos.map((row) => presentPhoto(storage, row)),
    interests,
    profile_completed: toBool(user.profile_completed),
    onboarding_completed_at: user.onboarding_completed_at,
    completion: profileCompletion(user, photos.length, interests.length),
  };
}
