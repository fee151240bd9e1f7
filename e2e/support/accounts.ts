// New members for end-to-end tests, and the dev outbox where the server leaves the WhatsApp codes
// and e-mails it would have sent (GET /api/dev/outbox, development and test only).
import type { OutboxMessage } from '@linkup/contract';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { StoredSession } from './session';

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/**
 * A South African mobile nobody else uses: +2784 and 7 random digits (the demo account is
 * +27820000001 and the seeded members are +27821…).
 */
export const uniqueMobile = () => `+2784${digits(7)}`;

export const uniqueEmail = (tag: string) => `e2e.${tag}.${Date.now()}.${digits(4)}@example.com`;

export interface NewMember {
  name: string;
  email: string;
  mobile: string;
  password: string;
  dateOfBirth: string;
}

export function newMember(tag: string): NewMember {
  return {
    name: 'Naledi Test',
    email: uniqueEmail(tag),
    mobile: uniqueMobile(),
    password: `sunset-${digits(6)}-table-mountain`,
    dateOfBirth: '1996-04-12',
  };
}

/**
 * Registers through the API (for tests about something else); returns the new session. The number
 * is confirmed with the code from the dev outbox, as a member would (issue 27: an unconfirmed number
 * reaches no one), unless `confirmMobile` is false.
 */
export async function registerThroughApi(
  request: APIRequestContext,
  member: NewMember,
  { confirmMobile = true }: { confirmMobile?: boolean } = {},
): Promise<StoredSession> {
  const response = await request.post('/api/auth/register', {
    data: {
      name: member.name,
      email: member.email,
      mobile: member.mobile,
      password: member.password,
      password_confirmation: member.password,
      date_of_birth: member.dateOfBirth,
      gender: 'female',
      terms_accepted: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const session = ((await response.json()) as { data: StoredSession }).data;
  return confirmMobile ? confirmMobileThroughApi(request, session, member.mobile) : session;
}

/** Confirms the number registered with, with the code the outbox holds for it; the session with the updated user. */
export async function confirmMobileThroughApi(request: APIRequestContext, session: StoredSession, mobile: string): Promise<StoredSession> {
  const response = await request.post('/api/account/mobile/confirm', {
    headers: { authorization: `Bearer ${session.token}` },
    data: { otp: await latestCode(request, mobile) },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { ...session, user: ((await response.json()) as { data: Pick<StoredSession, 'user'> }).data.user };
}

/** Messages the outbox holds for a recipient (e-mail address or mobile number), newest first. */
export async function outbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get('/api/dev/outbox', { params: { to } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: OutboxMessage[] }).data;
}

/** Waits until the outbox holds `count` messages for `to` that pass `test`, and returns the newest. */
export async function latestMessage(
  request: APIRequestContext,
  to: string,
  test: (message: OutboxMessage) => boolean,
  count = 1,
): Promise<OutboxMessage> {
  let found: OutboxMessage[] = [];
  await expect
    .poll(async () => {
      found = (await outbox(request, to)).filter(test);
      return found.length;
    }, { message: `message #${count} to ${to}` })
    .toBeGreaterThanOrEqual(count);
  return found[0]!;
}

/** The newest WhatsApp sign-in code sent to `mobile`, once there are `count` of them. */
export async function latestCode(request: APIRequestContext, mobile: string, count = 1): Promise<string> {
  const message = await latestMessage(request, mobile, (m) => m.channel === 'whatsapp' && m.code !== null, count);
  expect(message.code, message.body).toMatch(/^\d{6}$/);
  return message.code!;
}

/**
 * The link of the newest e-mail to `email` whose link opens `path` (e.g. '/auth/verify-email'), as
 * a path with its query: the mail names PUBLIC_URL, while the test server runs on whichever port
 * the OS gave it (the test's baseURL).
 */
export async function latestLink(request: APIRequestContext, email: string, path: string): Promise<string> {
  const message = await latestMessage(request, email, (m) => m.channel === 'email' && !!m.link && new URL(m.link).pathname === path);
  const link = new URL(message.link!);
  return `${link.pathname}${link.search}`;
}

/** A toast (react-toastify) with exactly this text. */
export const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

/** From /auth/login: 'Continue with WhatsApp', the number, 'Send code'. */
export async function requestCodeThroughForm(page: Page, mobile: string): Promise<void> {
  await page.getByRole('link', { name: 'Continue with WhatsApp' }).click();
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Send code' }).click();
}

/**
 * On /onboarding/welcome right after registering: the 'Confirm your number' step, answered with the
 * code the outbox holds for `mobile` (the `count`-th code sent to it).
 */
export async function confirmMobileThroughForm(page: Page, request: APIRequestContext, mobile: string, count = 1): Promise<void> {
  const form = page.getByRole('form', { name: 'Confirm your number' });
  await expect(form.getByText(mobile)).toBeVisible();
  await form.getByLabel('Verification code').fill(await latestCode(request, mobile, count));
  await form.getByRole('button', { name: 'Confirm number' }).click();
  await expect(toast(page, 'Your mobile number is confirmed.')).toBeVisible();
}
