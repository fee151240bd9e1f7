// The server side of the product as the browser's origin sees it.
import { expect, test } from '../support/test';

test('GET /api/health is green', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ success: true, data: { status: 'ok', checks: { database: { status: 'up' } } } });
  expect(['up', 'not_configured']).toContain(body.data.checks.redis.status);
});

test('an unknown API path answers 404 with the API error object', async ({ request }) => {
  const response = await request.get('/api/does-not-exist', { headers: { Accept: 'application/json' } });
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/json');
  const body = await response.json();
  expect(body).toMatchObject({ success: false, status: 404, message: expect.any(String) });
  expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
});

test('the web app is served with its logo', async ({ request }) => {
  const index = await request.get('/');
  expect(index.status()).toBe(200);
  expect(index.headers()['content-type']).toContain('text/html');
  const logo = await request.get('/images/logo.png');
  expect(logo.status()).toBe(200);
  expect(logo.headers()['content-type']).toContain('image/png');
});
