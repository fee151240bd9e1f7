// Photo verification end to end (issue 31): a member puts a photo of her face on her profile,
// consents, takes the two selfies the challenge asks for with the front camera (Chromium's fake
// camera, playing a video made from another photo of the same person), and is verified; another
// member then finds her with Discover's "Verified only" filter and sees the blue check there and on
// her profile. The server runs with TEST_ONLY_VERIFICATION_POSES=smile,mouth_open
// (e2e/playwright.config.ts), so one picture of a face smiling with the mouth open answers both poses.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cameraTest as test } from '../support/camera';
import { expect } from '../support/test';
import { toast } from '../support/accounts';
import { matchingMember, passUntil, topCard } from '../support/matching';
import { expectOnPage } from '../support/pages';
import { storeSession } from '../support/session';

/** Person B of the server's face fixtures (MIT, from vladmandic/human's samples; their README names the sources). */
const faces = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps/server/test/fixtures/faces');
const PROFILE_PHOTO = path.join(faces, 'b-profile.jpg');
const SELFIE = path.join(faces, 'b-smile-mouth-open.jpg');

test.use({ cameraImage: SELFIE, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a member verifies with the camera, and another member sees the badge on Discover', async ({ page, browser, request }) => {
  // The face models load on the first check (a worker thread reading them from disk).
  test.setTimeout(120_000);
  const naledi = await matchingMember(request, 'Naledi', { dateOfBirth: '1966-05-17' });
  const bongani = await matchingMember(request, 'Bongani', { dateOfBirth: '1972-09-02' });
  await storeSession(page, naledi.session);

  // Her face becomes her main photo: she adds it and deletes the plain colour one onboarding gave her.
  await page.goto('/app/profile/photos');
  await expectOnPage(page, '/app/profile/photos');
  await page.getByLabel('Add photo', { exact: true }).setInputFiles(PROFILE_PHOTO);
  // Framed in the card's frame as it first shows (issue 32 item 8).
  await page.getByRole('dialog', { name: 'Frame your photo' }).getByRole('button', { name: 'Use photo' }).click();
  const grid = page.getByRole('list', { name: 'My photos' });
  await expect(grid.getByRole('img')).toHaveCount(2);
  await grid.getByRole('button', { name: 'Delete: photo 1' }).click();
  await page.getByRole('dialog').filter({ hasText: 'Delete this photo?' }).getByRole('button', { name: 'Delete photo' }).click();
  await expect(toast(page, 'The photo has been deleted.')).toBeVisible();
  await expect(grid.getByRole('img', { name: 'Photo 1 (main photo)' })).toBeVisible();
  await expect(grid.getByRole('img')).toHaveCount(1);

  // From her profile: Get verified → consent → camera.
  await page.goto('/app/profile');
  const card = page.getByRole('region', { name: 'Photo verification' });
  await card.getByRole('link', { name: 'Get verified' }).click();
  await expectOnPage(page, '/app/verify');
  const consent = page.getByRole('form', { name: 'Before you take a selfie' });
  await expect(consent.getByText('Attempts left today: 5')).toBeVisible();
  await consent.getByRole('checkbox', { name: /I agree that LinkUp processes my selfie’s biometric data/ }).check();
  await consent.getByRole('button', { name: 'Open the camera' }).click();

  // The camera runs (a real MediaStream from the fake device) and the challenge names its poses.
  const video = page.locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  await expect(page.getByText('Pose 1 of 2')).toBeVisible();
  await expect(page.getByText('Smile', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Take photo' }).click();
  await expect(page.getByText('Pose 2 of 2')).toBeVisible();
  await expect(page.getByText('Open your mouth', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Take photo' }).click();

  // Checking…, then verified; the camera is off (its track ended).
  await expect(page.getByText('You are verified')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('img', { name: 'Verified' })).toBeVisible();
  await expect(video).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to my profile' }).click();
  await expect(page.getByRole('region', { name: 'Photo verification' }).getByText('You are verified')).toBeVisible();

  // Another member: Discover, verified members only — she is there, with the blue check.
  const other = await browser.newContext();
  const bonganiPage = await other.newPage();
  await storeSession(bonganiPage, bongani.session);
  await bonganiPage.goto('/app/discover');
  await bonganiPage.getByRole('button', { name: 'Filters' }).click();
  const filters = bonganiPage.getByRole('form', { name: 'Discover filters' });
  await filters.getByLabel('Verified only').check();
  await filters.getByLabel('Minimum age').selectOption(String(naledi.age));
  await filters.getByLabel('Maximum age').selectOption(String(naledi.age));
  await filters.getByRole('button', { name: 'Show results' }).click();
  await expect(filters).toBeHidden();
  await passUntil(bonganiPage, naledi);
  await expect(topCard(bonganiPage).getByRole('img', { name: 'Verified' })).toBeVisible();
  // And on her profile.
  await bonganiPage.goto(`/app/user/${naledi.session.user.id}`);
  await expect(bonganiPage.getByRole('heading', { level: 2, name: `${naledi.name}, ${naledi.age} Verified` })).toBeVisible();
});
