// Settings and help end to end: a fresh member who has finished onboarding, signed in on a page.
import type { APIRequestContext, Page } from '@playwright/test';
import { newMember, registerThroughApi, type NewMember } from './accounts';
import { completeOnboardingThroughApi } from './onboarding';
import { storeSession, type StoredSession } from './session';

export interface OnboardedMember {
  member: NewMember;
  session: StoredSession;
}

/** Registers a member through the API, finishes their onboarding and signs the page in as them. */
export async function onboardedMemberOn(page: Page, request: APIRequestContext, tag: string): Promise<OnboardedMember> {
  const member = newMember(tag);
  const registered = await registerThroughApi(request, member);
  const session = await completeOnboardingThroughApi(request, registered);
  await storeSession(page, session);
  return { member, session };
}
