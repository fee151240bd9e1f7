// Issue 33: the deploy manifests checked against the code. Images cannot be pulled or run here,
// so every manifest is parsed and what it says about the server is compared with the server:
// each variable it sets is a setting config.ts reads (with a value it accepts), each probe and
// health check asks a path the app answers 200 on the port it listens on, and the drain's grace
// in the manifests covers the server's SHUTDOWN_GRACE_MS. The last block proves each check fires.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { REPO_ROOT, testConfig } from '../src/config';
import { buildTestApp, type TestApp } from './helpers/app';
import {
  appServices, at, checkComposeGrace, checkImage, checkIngressWebSocket, checkPodGrace, checkSettings, checkWiring, composeEnv,
  containerEnv, containerProbes, deployments, haproxyCheckPath, haproxyTunnelSeconds, imageHealthCheck, loadAll, parseDockerfile,
  readYaml, readYamlDir, settingIn, stageEnv, type Env, type Node,
} from './helpers/deploy-manifests';
import { onlyIf, onlyOn } from './helpers/requires';

/** No problems; each one on a line of its own when there are. */
const expectNone = (problems: string[]) => expect(problems.join('\n')).toBe('');
const deploy = (file: string) => path.join(REPO_ROOT, 'deploy', file);
const HAPROXY = process.env.HAPROXY_BIN || '/usr/sbin/haproxy';
/**
 * What an operator puts where compose says `${NAME:?…}` or a Secret's value is empty: long enough for
 * any setting that needs it; the VAPID pair as `npx web-push generate-vapid-keys` makes it.
 */
const vapid = webpush.generateVAPIDKeys();
const operatorValue = (name: string) =>
  name === 'VAPID_PUBLIC_KEY' ? vapid.publicKey : name === 'VAPID_PRIVATE_KEY' ? vapid.privateKey : `${name.toLowerCase()}-${'x'.repeat(40)}`;

const stages = parseDockerfile(fs.readFileSync(deploy('Dockerfile'), 'utf8'));
const image = stages.at(-1)!;
const imageEnv = stageEnv(image);
const [compose] = readYaml(deploy('compose.yaml'));
const k8s = readYamlDir(deploy('k8s'));
const haproxyTemplate = fs.readFileSync(deploy('haproxy.cfg'), 'utf8');
const serverScripts = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'apps/server/package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** A deployment's whole environment: the image's ENV, then what the manifest sets. */
function deployed(where: string, env: Env) {
  const all = { ...imageEnv, ...env };
  const { config, problems } = loadAll(where, all);
  return { env: all, config, problems: [...checkSettings(where, env), ...problems] };
}

// One pass is enough: nothing here depends on the database (the PostgreSQL pass skips it).
describe('deploy manifests against the code', onlyOn('sqlite'), () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  /** The status the app answers a probe's GET with (200 for a live, ready, test app). */
  const answers = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

  it('the image builds what npm start builds, installs production dependencies only, runs the server as non-root', () => {
    expectNone(checkImage(stages, { serveEntry: serverScripts.start! }));
  });

  it('every variable the manifests set is a setting the server reads, with a value it accepts', () => {
    const problems = checkSettings('Dockerfile ENV', imageEnv);
    const services = appServices(compose);
    expect(services.map(([name]) => name)).toEqual(['app']);
    for (const [name, service] of services) problems.push(...deployed(`compose ${name}`, composeEnv(service, operatorValue)).problems);
    const pods = deployments(k8s);
    expect(pods.length).toBeGreaterThan(0);
    for (const { name, container } of pods) {
      const { env, problems: sourced } = containerEnv(k8s, container, operatorValue);
      problems.push(...sourced.map((p) => `${name}: ${p}`), ...deployed(name, env).problems);
    }
    expectNone(problems);
  });

  it('every probe and health check asks a path the app answers 200, on the port it listens on', async () => {
    const problems: string[] = [];
    const ask = async (where: string, url: string | undefined) => {
      if (!url) return problems.push(`${where}: no path`);
      const status = await answers(url);
      if (status !== 200) problems.push(`${where}: GET ${url} answers ${status}`);
    };

    // The image: HEALTHCHECK on PORT, EXPOSE the same port.
    const imagePort = settingIn(imageEnv, 'PORT');
    const healthCheck = imageHealthCheck(image);
    await ask('Dockerfile HEALTHCHECK', healthCheck.path);
    expect(healthCheck.path).toBe('/api/health/live');
    expect(healthCheck.usesPort).toBe(true);
    expect(image.instructions.filter((i) => i.op === 'EXPOSE').map((i) => Number(i.args))).toEqual([imagePort]);

    // HAProxy (npm run cluster and compose) checks its backends.
    await ask('deploy/haproxy.cfg option httpchk', haproxyCheckPath(haproxyTemplate));

    // Compose: HAProxy's servers are on the app's PORT.
    for (const [name, service] of appServices(compose)) {
      const { config } = deployed(`compose ${name}`, composeEnv(service, operatorValue));
      const balancer = composeEnv(at(compose, 'services', 'haproxy'), operatorValue);
      expect(balancer.APP_HOST).toBe(name);
      expect(Number(balancer.APP_PORT)).toBe(config?.port);
    }

    // Kubernetes: readiness and liveness (and start-up) probes, on the container's port, which is PORT.
    for (const { name, container } of deployments(k8s)) {
      const { config } = deployed(name, containerEnv(k8s, container, operatorValue).env);
      const ports = ((at(container, 'ports') ?? []) as Node[]).map((p) => at(p, 'containerPort'));
      expect(ports).toEqual([config?.port]);
      const { probes, problems: missing } = containerProbes(name, container);
      problems.push(...missing);
      for (const probe of probes) {
        await ask(probe.where, probe.path);
        if (probe.port !== config?.port) problems.push(`${probe.where}: port ${String(probe.port)} is not the server's PORT ${String(config?.port)}`);
      }
      expect(probes.find((p) => p.where.endsWith('readinessProbe'))?.path).toBe('/api/health/ready');
      expect(probes.find((p) => p.where.endsWith('livenessProbe'))?.path).toBe('/api/health/live');
      problems.push(...checkWiring(k8s, config!.port));
    }
    expectNone(problems);
  });

  it('the drain\'s grace in every manifest covers the server\'s SHUTDOWN_GRACE_MS', () => {
    const problems: string[] = [];
    for (const [name, service] of appServices(compose)) {
      const { config } = deployed(`compose ${name}`, composeEnv(service, operatorValue));
      problems.push(...checkComposeGrace(name, service, config!));
    }
    for (const { name, deployment, container } of deployments(k8s)) {
      const { config } = deployed(name, containerEnv(k8s, container, operatorValue).env);
      problems.push(...checkPodGrace(name, deployment, container, config!));
    }
    expectNone(problems);
  });

  it('the ingress keeps a quiet WebSocket open as long as HAProxy does', () => {
    const tunnel = haproxyTunnelSeconds(haproxyTemplate);
    expect(tunnel).toBe(3600);
    expectNone(checkIngressWebSocket(k8s, tunnel!));
  });
});

describe('deploy manifests: compose\'s HAProxy configuration', onlyIf(fs.existsSync(HAPROXY), `HAProxy is not installed (${HAPROXY}; apt-get install -y haproxy)`), () => {
  it('renders from deploy/haproxy.cfg, finds the app by DNS on its port, and HAProxy accepts it', () => {
    const env = composeEnv(at(compose, 'services', 'haproxy'), operatorValue);
    const rendered = spawnSync('sh', [deploy('haproxy-compose.sh'), 'render', deploy('haproxy.cfg')], { env: { ...process.env, ...env }, encoding: 'utf8' });
    expect(rendered.status, rendered.stderr).toBe(0);
    expect(rendered.stdout).toMatch(/^\s*bind :8080$/m);
    expect(rendered.stdout).toMatch(/^\s*server-template app 1-10 app:8080 check resolvers docker /m);
    expect(rendered.stdout).toMatch(/^\s*server-template spare 1-10 app:8080 backup resolvers docker /m);
    // Every placeholder filled, outside the comments that name them.
    expect(rendered.stdout.split('\n').filter((line) => !line.trimStart().startsWith('#') && line.includes('{{'))).toEqual([]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-haproxy-')), 'haproxy.cfg');
    try {
      fs.writeFileSync(file, rendered.stdout);
      const check = spawnSync(HAPROXY, ['-c', '-f', file], { encoding: 'utf8' });
      expect(check.status, check.stdout + check.stderr).toBe(0);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});

// Each check fires on a manifest made wrong on purpose (a check that cannot fail proves nothing).
describe('deploy manifest checks fire', () => {
  const config = testConfig({ SHUTDOWN_GRACE_MS: '10000' });
  const withEnv = (extra: Env): Node => ({ environment: extra });

  it('an unknown variable, and a value the server refuses', () => {
    expect(checkSettings('compose app', { NODE_ENV: 'production', PHOTO_BUCKET: 'photos' })).toEqual([
      'compose app: PHOTO_BUCKET is not a setting the server reads (apps/server/src/config.ts)',
    ]);
    expect(checkSettings('compose app', { TRUST_PROXY: 'maybe' })[0]).toMatch(/^compose app: TRUST_PROXY="maybe" is refused/);
    expect(loadAll('k8s', { NODE_ENV: 'production' }).problems).toEqual([
      'k8s: the server would not start: APP_SECRET: is required in production (32+ random characters)',
    ]);
    const { problems } = containerEnv([], { env: [{ name: 'AWS_REGION', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }], envFrom: [{ configMapRef: { name: 'missing' } }] });
    expect(problems).toEqual([
      'envFrom names ConfigMap missing, which is not among the manifests',
      'env AWS_REGION (valueFrom) is not a setting the server reads (apps/server/src/config.ts)',
    ]);
  });

  it('compose interpolation: defaults as written, required values from the operator', () => {
    expect(composeEnv(withEnv({ A: '${X:-def}', B: 'pg://u:${PW:?set it}@h', C: '${Y:-}' }), (name) => `<${name}>`)).toEqual({ A: 'def', B: 'pg://u:<PW>@h', C: '' });
  });

  it('a drain grace shorter than the server\'s', () => {
    expect(checkComposeGrace('app', { stop_grace_period: '5s' }, config)).toEqual([
      'compose app: stop_grace_period 5s is shorter than SHUTDOWN_GRACE_MS (10000 ms): the drain is cut short',
    ]);
    expect(checkComposeGrace('app', {}, config)).toEqual([]);
    expect(checkComposeGrace('app', { stop_grace_period: '1m30s' }, config)).toEqual([]);
    const deployment = { spec: { template: { spec: { terminationGracePeriodSeconds: 12 } } } };
    expect(checkPodGrace('pod', deployment, { lifecycle: { preStop: { exec: { command: ['sleep', '5'] } } } }, config)).toEqual([
      'pod: terminationGracePeriodSeconds 12 is shorter than preStop (5 s) + SHUTDOWN_GRACE_MS (10 s): the drain is cut short',
    ]);
    expect(checkPodGrace('pod', deployment, {}, testConfig({ SHUTDOWN_GRACE_MS: '1000' }))[0]).toMatch(/no preStop wait/);
  });

  it('a probe on no path or another port, and a Service that selects nothing', () => {
    const container = { ports: [{ name: 'http', containerPort: 8080 }], readinessProbe: { httpGet: { path: '/api/health/ready', port: 'web' } }, livenessProbe: { exec: { command: ['true'] } } };
    const { probes, problems } = containerProbes('pod', container);
    expect(problems).toEqual(['pod: livenessProbe is not an HTTP GET']);
    expect(probes).toEqual([{ where: 'pod readinessProbe', path: '/api/health/ready', port: undefined }]);
    const docs = [
      { doc: { kind: 'Deployment', metadata: { name: 'linkup' }, spec: { template: { metadata: { labels: { app: 'linkup' } }, spec: { containers: [container] } } } } },
      { doc: { kind: 'Service', metadata: { name: 'linkup' }, spec: { selector: { app: 'other' }, ports: [{ port: 80, targetPort: 'http' }] } } },
    ];
    expect(checkWiring(docs, 8080)).toEqual(expect.arrayContaining(['Service linkup selects no Deployment\'s pods', 'no Ingress among the manifests']));
  });

  it('an image that runs as root, with dev dependencies, or through npm', () => {
    const bad = parseDockerfile([
      'FROM node:20 AS build', 'RUN npm ci', 'RUN npm run build',
      'FROM node:20', 'COPY --from=build /app /app', 'CMD ["npm", "start"]',
    ].join('\n'));
    expect(checkImage(bad, { serveEntry: 'tsx src/main.ts' })).toEqual([
      'Dockerfile: the final stage runs as root (no USER)',
      'Dockerfile: the final stage\'s dependencies include dev dependencies (npm ci)',
      'Dockerfile: CMD does not run apps/server/src/main.ts (the server `npm start` serves)',
      'Dockerfile: CMD runs npm, which does not pass SIGTERM on to the server (no drain)',
    ]);
    const env = stageEnv(parseDockerfile('FROM x\nENV A=1 B="two words" \\\n  C=3\nENV D four'.replace(/\\\n/, '\\\n'))[0]!);
    expect(env).toEqual({ A: '1', B: 'two words', C: '3', D: 'four' });
  });
});
