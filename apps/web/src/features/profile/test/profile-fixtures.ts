import { INTEREST_CATALOGUE, INTERESTS_MAX, PHOTOS_MAX, type OwnProfile, type Photo, type PhotoList } from '@linkup/contract';
import { json } from '@/test/fixtures';

export const ok = (data: unknown, message?: string) => json(200, { success: true, data, ...(message ? { message } : {}) });

export function buildPhoto(n: number, overrides: Partial<Photo> = {}): Photo {
  const base = `http://localhost/media/photos/p${n}`;
  return {
    id: `pho_${n}`,
    url: `${base}/large.webp`,
    sizes: { large: `${base}/large.webp`, medium: `${base}/medium.webp`, thumb: `${base}/thumb.webp` },
    width: 1080,
    height: 1350,
    position: n - 1,
    is_primary: n === 1,
    created_at: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export const photoList = (photos: Photo[], maxBytes = 10 * 1024 * 1024): PhotoList => ({ photos, max_photos: PHOTOS_MAX, max_bytes: maxBytes });

export function buildProfile(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return {
    id: 'usr_alex',
    name: 'Alex Demo',
    email: 'demo@linkup.app',
    phone_number: '+27820000001',
    date_of_birth: '1995-06-15',
    age: 30,
    gender: 'male',
    marital_status: null,
    body_type: null,
    relationship_type: 'long_term',
    how_often_drink: null,
    love_language: null,
    height_cm: null,
    job_title: null,
    education: null,
    about: 'I like long walks.',
    city: 'Johannesburg',
    province: 'Gauteng',
    photos: [],
    interests: ['Hiking', 'Coffee'],
    profile_completed: true,
    onboarding_completed_at: '2025-01-01T10:00:00.000Z',
    completion: { percentage: 55, missing: [{ field: 'photos', label: 'Add a photo' }, { field: 'body_type', label: 'Body type' }, { field: 'interests', label: 'Pick your interests' }] },
    ...overrides,
  };
}

export const catalogue = () => ({ interests: INTEREST_CATALOGUE.map((name, i) => ({ id: i + 1, name })), max: INTERESTS_MAX });
