import { describe, expect, it } from 'vitest';
import { newClientId } from '@/features/chat/utils/client-id';
import { partnerName } from '@/features/chat/utils/room-name';

describe('partnerName', () => {
  it('takes the member’s name out of "Chat with …", and keeps any other room name', () => {
    expect(partnerName('Chat with Thandi Nkosi')).toBe('Thandi Nkosi');
    expect(partnerName('Hiking buddies')).toBe('Hiking buddies');
    expect(partnerName('Chat with')).toBe('Chat with');
  });
});

describe('newClientId', () => {
  it('fits the contract (8–64 of A–Z a–z 0–9 _ -) and differs per send', () => {
    const a = newClientId();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newClientId()).not.toBe(a);
  });
});
