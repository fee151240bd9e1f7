import { describe, expect, it } from 'vitest';
import { DiscoverPageSchema, envelope, type DiscoverCard } from '@linkup/contract';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { compiledSerializer } from './compiled-serializer';

const schema = envelope(DiscoverPageSchema);
const card: DiscoverCard = {
  id: 'member-1', name: 'Thandi', age: 29, gender: 'female', city: 'Cape Town', province: 'Western Cape', distance: '10–25 km',
  about: 'Hikes "with" quotes\nand lines', interests: ['Hiking', 'Jazz'], marital_status: 'single', body_type: null, relationship_type: 'long_term',
  how_often_drink: null, love_language: null, height_cm: 168, job_title: null, education: 'degree', last_active_at: '2026-11-24T10:00:00.000Z',
  is_online: false, reasons: ['2 shared interests', 'Nearby'], compatibility: 77, is_boosted: true, shared_interests: ['Jazz'],
  photos: [{
    id: 'photo-1', url: '/uploads/a-large.jpg', sizes: { large: '/uploads/a-large.jpg', medium: '/uploads/a-medium.jpg', thumb: '/uploads/a-thumb.jpg' },
    width: 1200, height: 1600, position: 0, is_primary: true, created_at: '2026-11-01T08:00:00.000Z',
  }],
};

describe('compiledSerializer', () => {
  const route = { schema, method: 'GET', url: '/api/matches/discover', httpStatus: '200' };
  const zod = serializerCompiler(route as never);
  const compiled = compiledSerializer(route);

  it("writes the same JSON as zod's serialiser for a discover page", () => {
    const page = { success: true, data: { items: [card, { ...card, id: 'member-2', age: null, distance: null, photos: [] }], has_more: true } };
    expect(JSON.parse(compiled(page))).toEqual(JSON.parse(zod(page)));
    expect(JSON.parse(compiled(page))).toEqual(schema.parse(page));
  });

  it('leaves out whatever the schema does not declare, at every depth', () => {
    const leaky = {
      success: true, internal: 'x',
      data: { items: [{ ...card, email: 'thandi@example.com', location_cell: 'abc123', photos: [{ ...card.photos[0], storage_key: 'k' }] }], has_more: false },
    };
    const written = compiled(leaky);
    for (const secret of ['internal', 'email', 'thandi@example.com', 'location_cell', 'storage_key']) expect(written).not.toContain(secret);
    expect(JSON.parse(written)).toEqual(JSON.parse(zod(leaky)));
  });
});
