// The contract's table of responses (API_RESPONSES) is what web tests build their mocks from, so
// it must say exactly what the server answers: same endpoints, same statuses, same schemas. Both
// sides go through the same OpenAPI transform and are compared as JSON Schema.
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_NOT_YET_SERVED, API_RESPONSES, findEndpoint, type ApiEndpoint } from '@linkup/contract';
import { buildTestApp, type TestApp } from './helpers/app';

interface OpenApi {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
  components?: { schemas?: Record<string, unknown> };
}

/** status → JSON Schema of the body, per 'METHOD /path' (the path as the contract writes it). */
function responsesOf(doc: OpenApi): Map<string, Map<number, unknown>> {
  const components = doc.components?.schemas ?? {};
  const inline = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(inline);
    if (!node || typeof node !== 'object') return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) return inline(components[ref.slice('#/components/schemas/'.length)]);
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(v)]));
  };
  const result = new Map<string, Map<number, unknown>>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    const contractPath = path.slice('/api'.length).replace(/\{([A-Za-z]+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(methods)) {
      const statuses = new Map<number, unknown>();
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        statuses.set(Number(status), inline(response.content?.['application/json']?.schema));
      }
      result.set(`${method.toUpperCase()} ${contractPath}`, statuses);
    }
  }
  return result;
}

/** The contract's table as routes of an otherwise empty app, documented the way the server's are. */
async function contractDoc(): Promise<OpenApi> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, { openapi: { info: { title: 'contract', version: '0' } }, transform: jsonSchemaTransform });
  for (const [key, responses] of Object.entries(API_RESPONSES)) {
    const [method, path] = key.split(' ') as [string, string];
    app.route({ method: method as 'GET', url: `/api${path}`, schema: { response: responses }, handler: async () => null });
  }
  await app.ready();
  const doc = app.swagger() as unknown as OpenApi;
  await app.close();
  return doc;
}

describe('the contract’s API_RESPONSES', () => {
  let t: TestApp;
  let server: Map<string, Map<number, unknown>>;
  let contract: Map<string, Map<number, unknown>>;
  beforeAll(async () => {
    t = await buildTestApp();
    server = responsesOf(t.app.swagger() as unknown as OpenApi);
    contract = responsesOf(await contractDoc());
  });
  afterAll(async () => t?.close());

  it('lists every endpoint the server has, and none it does not (but those marked not yet served)', () => {
    const notServed = (key: string) => API_NOT_YET_SERVED.has(key as ApiEndpoint);
    expect([...contract.keys()].filter((key) => !server.has(key) && !notServed(key))).toEqual([]);
    expect([...server.keys()].filter((key) => !contract.has(key))).toEqual([]);
    // Served now: take it off API_NOT_YET_SERVED.
    expect([...API_NOT_YET_SERVED].filter((key) => server.has(key))).toEqual([]);
  });

  it('gives each endpoint the statuses and body schemas the server declares', () => {
    for (const [key, statuses] of server) {
      const declared = contract.get(key);
      if (!declared) continue;
      expect([...declared.keys()].sort(), key).toEqual([...statuses.keys()].sort());
      for (const [status, schema] of statuses) expect(declared.get(status), `${key} ${status}`).toEqual(schema);
    }
  });

  it('finds the endpoint of a concrete path, literal paths first', () => {
    expect(findEndpoint('get', '/chat/rooms/r1/messages')).toBe('GET /chat/rooms/:id/messages');
    expect(findEndpoint('GET', '/matches/likes')).toBe('GET /matches/likes');
    expect(findEndpoint('GET', '/matches/m1')).toBe('GET /matches/:id');
    expect(findEndpoint('PATCH', '/matches/m1')).toBeUndefined();
    expect(findEndpoint('GET', '/no/such/thing')).toBeUndefined();
  });
});
