// Issue 27 item 17: the OpenAPI document maps every endpoint for whoever asks, so production serves
// it only when API_DOCS=true says so; development and test serve it unless told not to.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { buildTestApp } from './helpers/app';

const production = { NODE_ENV: 'production', APP_SECRET: 'test-secret-'.repeat(4) };

describe('the OpenAPI document at /api/docs', () => {
  it('is on outside production and off in production unless API_DOCS turns it on', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'maybe' })).toThrow(/API_DOCS/);
  });

  it.each([
    ['production', 404, production],
    ['production with API_DOCS=true', 200, { ...production, API_DOCS: 'true' }],
    ['test with API_DOCS=false', 404, { API_DOCS: 'false' }],
  ])('in %s answers %s', async (_case, status, env) => {
    const t = await buildTestApp(env);
    try {
      const answers = await Promise.all(['/api/docs/json', '/api/docs', '/api/docs/yaml', '/%61pi/docs/json'].map((url) => t.app.inject({ method: 'GET', url })));
      expect(answers.map((res) => res.statusCode)).toEqual([status, status, status, status]);
      if (status === 200) expect(answers[0]!.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./), info: { title: 'LinkUp API' } });
      else for (const res of answers) expect(res.body).not.toContain('openapi');
    } finally {
      await t.close();
    }
  });
});
