import type { UserRow } from '../../db/schema';

type DatingFieldsRow = Pick<UserRow,
  'marital_status' | 'body_type' | 'relationship_type' | 'how_often_drink' | 'love_language' | 'height_cm' | 'job_title' | 'education'
>;

/** The dating-relevant fields of a profile, the same in every view of it. */
export const datingFields = (user: DatingFieldsRow) => ({
  marital_status: user.marital_status,
  body_type: user.body_type,
  relationship_type: user.relationship_type,
  how_often_drink: user.how_often_drink,
  love_language: user.love_language,
  height_cm: user.height_cm === null ? null : Number(user.height_cm),
  job_title: user.job_title,
  education: user.education,
});
