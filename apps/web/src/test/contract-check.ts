/**
 * Mocked answers checked against the contract: a web test's mock must look exactly like what the
 * server sends (packages/contract API_RESPONSES, realtime payload schemas), or the test fails —
 * so a mock cannot drift from the API while the test stays green. Problems are collected here and
 * the test fails after it ran (setup.ts), with every problem listed.
 */
import { ApiErrorSchema, API_RESPONSES, findEndpoint } from '@linkup/contract';
import type { z } from 'zod';

const problems: string[] = [];

/** What `schema` finds wrong with `value`: its own issues, and fields the schema does not know. */
export function contractProblems(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`);
  }
  return unknownFields(value, parsed.data, '');
}

/** Fields `input` has that the parsed output dropped: zod strips keys its schema does not list. */
function unknownFields(input: unknown, output: unknown, at: string): string[] {
  if (Array.isArray(input) && Array.isArray(output)) {
    return input.flatMap((item, i) => unknownFields(item, output[i], `${at}[${i}]`));
  }
  if (!isRecord(input) || !isRecord(output)) return [];
  return Object.keys(input).flatMap((key) => {
    const path = at ? `${at}.${key}` : key;
    return key in output ? unknownFields(input[key], output[key], path) : [`${path}: not a field of the API's answer`];
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Records a problem for the running test (it fails after it ran). */
export function reportDrift(problem: string): void {
  problems.push(problem);
}

/** Checks under way: a mock answered just before its test ended is still judged within it. */
const checking = new Set<Promise<void>>();

/** The problems found since the last call, once the checks under way are done, clearing them. */
export async function takeDrift(): Promise<string[]> {
  while (checking.size > 0) await Promise.allSettled(checking);
  return problems.splice(0, problems.length);
}

const offContract = new WeakSet<Response>();

/**
 * Marks a mocked response a test sends on purpose although the API never would (a proxy's HTML
 * error page, a truncated body): the contract check leaves it alone. Say why in `reason`.
 */
export function offContractResponse(response: Response, reason: string): Response {
  if (!reason.trim()) throw new Error('offContractResponse needs a reason');
  offContract.add(response);
  return response;
}

/** Checks one mocked answer to `method url` against API_RESPONSES (success) or the API error object. */
export async function checkMockedResponse(method: string, url: string, response: Response): Promise<void> {
  const check = checkResponse(method, url, response);
  checking.add(check);
  try {
    await check;
  } finally {
    checking.delete(check);
  }
}

async function checkResponse(method: string, url: string, response: Response): Promise<void> {
  if (offContract.has(response)) return;
  const { pathname } = new URL(url, 'http://localhost');
  if (!pathname.startsWith('/api/')) return;
  const call = `${method} ${pathname}`;
  const endpoint = findEndpoint(method, pathname.slice('/api'.length));
  if (!endpoint) {
    reportDrift(`mock of ${call}: the API has no such endpoint (contract API_RESPONSES)`);
    return;
  }
  const responses: Readonly<Record<number, z.ZodType>> = API_RESPONSES[endpoint];
  const schema = responses[response.status] ?? (response.status >= 400 ? ApiErrorSchema : undefined);
  if (!schema) {
    reportDrift(`mock of ${call}: ${endpoint} never answers ${response.status} (it answers ${Object.keys(responses).join(', ')})`);
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(await response.clone().text());
  } catch {
    reportDrift(`mock of ${call}: the ${response.status} body is not JSON, as the API's always is`);
    return;
  }
  for (const problem of contractProblems(schema, body)) reportDrift(`mock of ${call} (${response.status}): ${problem}`);
}
