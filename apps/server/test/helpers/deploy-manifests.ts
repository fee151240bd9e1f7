// Issue 33: the deploy manifests (deploy/Dockerfile, deploy/compose.yaml, deploy/k8s/) read and
// checked against the code, since images cannot be pulled or run here. Each check takes the
// parsed manifests and returns its problems, one line each (an empty list: all good), so a test
// can prove a check fires on a manifest made wrong on purpose.
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ConfigSchema, type Config } from '../../src/config';

export type Env = Record<string, string>;
/** A manifest's object, as YAML gives it: read through `at`, never trusted to have a shape. */
export type Node = unknown;

/** Reads `path` (a list of keys and indexes) in a parsed manifest; undefined where it is missing. */
export function at(node: Node, ...keys: (string | number)[]): Node {
  let current = node;
  for (const key of keys) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}
const list = (node: Node): Node[] => (Array.isArray(node) ? node : []);
const record = (node: Node): Record<string, unknown> =>
  node !== null && typeof node === 'object' && !Array.isArray(node) ? (node as Record<string, unknown>) : {};
const text = (node: Node): string | undefined => (typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean' ? String(node) : undefined);

/** Every document of every YAML file in `dir` (recursively), with the file it came from. */
export function readYamlDir(dir: string): { file: string; doc: Node }[] {
  const docs: { file: string; doc: Node }[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) docs.push(...readYamlDir(file));
    else if (/\.ya?ml$/.test(entry.name)) docs.push(...readYaml(file).map((doc) => ({ file, doc })));
  }
  return docs;
}

export function readYaml(file: string): Node[] {
  return parseAllDocuments(fs.readFileSync(file, 'utf8')).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
    return doc.toJS() as Node;
  }).filter((doc) => doc !== null);
}

// --- Settings -----------------------------------------------------------------------------------

const SETTINGS = ConfigSchema.in.shape;
const isSetting = (name: string): name is keyof typeof SETTINGS => Object.hasOwn(SETTINGS, name);

/** Each variable is a setting the server reads (config.ts), and its value is one the setting accepts. */
export function checkSettings(where: string, env: Env): string[] {
  return Object.entries(env).flatMap(([name, value]) => {
    if (!isSetting(name)) return [`${where}: ${name} is not a setting the server reads (apps/server/src/config.ts)`];
    const parsed = SETTINGS[name].safeParse(value);
    return parsed.success ? [] : [`${where}: ${name}=${JSON.stringify(value)} is refused: ${parsed.error.issues[0]?.message}`];
  });
}

/** One setting's value as the server reads it from `env` (its default when unset). */
export function settingIn<K extends keyof typeof SETTINGS>(env: Env, name: K): unknown {
  return SETTINGS[name].parse(env[name]);
}

/** The whole environment as the server would load it: its config, or the problems that stop it. */
export function loadAll(where: string, env: Env): { config?: Config; problems: string[] } {
  const parsed = ConfigSchema.safeParse(env);
  if (parsed.success) return { config: parsed.data, problems: [] };
  return { problems: parsed.error.issues.map((i) => `${where}: the server would not start: ${i.path.join('.')}: ${i.message}`) };
}

// --- Dockerfile ---------------------------------------------------------------------------------

export interface Instruction { op: string; args: string }
export interface Stage { name: string; from: string; instructions: Instruction[] }

/** The stages of a Dockerfile, each with its instructions (continuation lines joined, comments dropped). */
export function parseDockerfile(source: string): Stage[] {
  const lines: string[] = [];
  let pending = '';
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    // Comments, also between continuation lines (Docker drops those too).
    if (line.startsWith('#')) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    const whole = (pending + line).trim();
    pending = '';
    if (whole) lines.push(whole);
  }
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, op = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const upper = op.toUpperCase();
    if (upper === 'FROM') {
      const [, from = '', name] = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(args) ?? [];
      stages.push({ name: name ?? String(stages.length), from, instructions: [] });
    } else if (stages.length > 0) {
      stages.at(-1)!.instructions.push({ op: upper, args });
    }
  }
  return stages;
}

/** `ENV a=1 b="two"` (and the old `ENV a 1`) of a stage, in order. */
export function stageEnv(stage: Stage): Env {
  const env: Env = {};
  for (const { op, args } of stage.instructions) {
    if (op !== 'ENV') continue;
    if (!/^\w+=/.test(args)) {
      const [, name = '', value = ''] = /^(\S+)\s+(.*)$/.exec(args) ?? [];
      env[name] = value;
      continue;
    }
    for (const [, name = '', quoted, bare] of args.matchAll(/(\w+)=(?:"([^"]*)"|(\S*))/g)) env[name] = quoted ?? bare ?? '';
  }
  return env;
}

const args = (stage: Stage, op: string) => stage.instructions.filter((i) => i.op === op).map((i) => i.args);

/** An exec-form (`["a", "b"]`) or shell-form command, as one string. */
function commandText(value: string): string {
  const trimmed = value.trim();
  if (!trimmed.startsWith('[')) return trimmed;
  return (JSON.parse(trimmed) as string[]).join(' ');
}

export interface ServerFacts {
  /** The command `npm start` serves with (apps/server/package.json's start script). */
  serveEntry: string;
}

/** The image: builds the web app as `npm start` does, production dependencies only, not root, and runs the server. */
export function checkImage(stages: Stage[], facts: ServerFacts): string[] {
  const problems: string[] = [];
  const final = stages.at(-1);
  if (!final) return ['Dockerfile: no stage'];
  if (stages.length < 2) problems.push('Dockerfile: one stage; build in another than the one that runs');
  if (!stages.some((s) => args(s, 'RUN').some((r) => /\bnpm run build\b/.test(r)))) {
    problems.push('Dockerfile: no stage runs `npm run build` (what `npm start` builds)');
  }
  const user = args(final, 'USER').at(-1);
  if (!user) problems.push('Dockerfile: the final stage runs as root (no USER)');
  else if (/^(root|0)(:|$)/.test(user)) problems.push(`Dockerfile: the final stage runs as root (USER ${user})`);
  // Dependencies in the final stage come from an `npm ci --omit=dev` (in it, or in the stage it copies /app or node_modules from).
  const installs = [final, ...args(final, 'COPY').flatMap((c) => {
    const [, from, source = ''] = /--from=(\S+)\s+(\S+)/.exec(c) ?? [];
    return from && (source === '/app' || source === '/app/' || source.includes('node_modules')) ? stages.filter((s) => s.name === from) : [];
  })].flatMap((s) => args(s, 'RUN').filter((r) => /\bnpm (ci|install|i)\b/.test(r)));
  if (installs.length === 0) problems.push('Dockerfile: the final stage\'s node_modules come from no `npm ci`');
  for (const install of installs) if (!/--omit[= ]dev\b/.test(install)) problems.push(`Dockerfile: the final stage's dependencies include dev dependencies (${install})`);
  const cmd = args(final, 'CMD').at(-1);
  const entry = facts.serveEntry.replace(/^tsx\s+/, '');
  if (!cmd || !commandText(cmd).includes(`apps/server/${entry}`)) problems.push(`Dockerfile: CMD does not run apps/server/${entry} (the server \`npm start\` serves)`);
  if (cmd && /^\s*\[?\s*"?npm\b/.test(cmd)) problems.push('Dockerfile: CMD runs npm, which does not pass SIGTERM on to the server (no drain)');
  return problems;
}

/** The path the image's HEALTHCHECK asks, and whether it asks on the server's PORT. */
export function imageHealthCheck(final: Stage): { path?: string; usesPort: boolean } {
  const check = args(final, 'HEALTHCHECK').at(-1) ?? '';
  const command = check.replace(/^(--\S+\s+)*CMD\s+/i, '');
  // A quoted path ('/api/…', after a URL built from PORT) or the path of a whole URL (curl http://…/api/…).
  const path = /['"](\/[\w/.-]*)['"]/.exec(command)?.[1] ?? /https?:\/\/[^/'"\s]+(\/[\w/.-]*)/.exec(command)?.[1];
  return { path, usesPort: /process\.env\.PORT|\$\{?PORT\b/.test(command) };
}

// --- Compose --------------------------------------------------------------------------------------

/**
 * Compose's `${NAME:-default}`, `${NAME-default}`, `${NAME:?error}` and `${NAME}` in a value, as a
 * deployment would fill them: defaults as written, required ones with `sample` (what an operator sets).
 */
export function interpolate(value: string, sample: (name: string) => string): string {
  return value.replace(/\$\{(\w+)(?:(:?[-?])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => {
    if (kind === ':-' || kind === '-') return rest ?? '';
    return sample(name);
  });
}

/** A service's `environment`, as a map (compose allows a list of NAME=value too). */
export function composeEnv(service: Node, sample: (name: string) => string): Env {
  const environment = at(service, 'environment');
  const entries: [string, string][] = Array.isArray(environment)
    ? environment.map((line) => {
      const [name = '', ...value] = String(line).split('=');
      return [name, value.join('=')];
    })
    : Object.entries(record(environment)).map(([name, value]) => [name, text(value) ?? '']);
  return Object.fromEntries(entries.map(([name, value]) => [name, interpolate(value, sample)]));
}

/** Compose's durations (`20s`, `1m30s`, `1500ms`) in milliseconds; undefined when absent or unreadable. */
export function durationMs(value: Node): number | undefined {
  const spelled = text(value);
  if (!spelled) return undefined;
  const parts = [...spelled.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s|us)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== spelled) return undefined;
  const unit: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1, us: 0.001 };
  return parts.reduce((sum, [, n = '0', u = 's']) => sum + Number(n) * unit[u]!, 0);
}

/** The services built from deploy/Dockerfile: the app. */
export function appServices(compose: Node): [string, Node][] {
  return Object.entries(record(at(compose, 'services'))).filter(([, service]) => /(^|\/)Dockerfile$/.test(text(at(service, 'build', 'dockerfile')) ?? ''));
}

/** Compose's drain: `stop_grace_period` (default 10 s) covers the server's grace. */
export function checkComposeGrace(name: string, service: Node, config: Config): string[] {
  const grace = at(service, 'stop_grace_period');
  const ms = grace === undefined ? 10_000 : durationMs(grace);
  if (ms === undefined) return [`compose ${name}: stop_grace_period ${String(grace)} is not a duration`];
  return ms >= config.shutdownGraceMs ? [] : [`compose ${name}: stop_grace_period ${String(grace ?? '10s (default)')} is shorter than SHUTDOWN_GRACE_MS (${config.shutdownGraceMs} ms): the drain is cut short`];
}

// --- Kubernetes -----------------------------------------------------------------------------------

const ofKind = (docs: { doc: Node }[], kind: string) => docs.map((d) => d.doc).filter((doc) => at(doc, 'kind') === kind);
const named = (docs: { doc: Node }[], kind: string, name: Node) => ofKind(docs, kind).find((doc) => at(doc, 'metadata', 'name') === name);

/**
 * A container's environment: its envFrom ConfigMaps and Secrets, then its env values. A Secret's
 * empty value is one the operator fills in: `operator` gives it (left empty without).
 */
export function containerEnv(docs: { doc: Node }[], container: Node, operator?: (name: string) => string): { env: Env; problems: string[] } {
  const env: Env = {};
  const problems: string[] = [];
  for (const source of list(at(container, 'envFrom'))) {
    const configMap = at(source, 'configMapRef', 'name');
    const secret = at(source, 'secretRef', 'name');
    if (configMap !== undefined) {
      const doc = named(docs, 'ConfigMap', configMap);
      if (!doc) problems.push(`envFrom names ConfigMap ${String(configMap)}, which is not among the manifests`);
      for (const [k, v] of Object.entries(record(at(doc, 'data')))) env[k] = text(v) ?? '';
    }
    if (secret !== undefined) {
      const doc = named(docs, 'Secret', secret);
      if (!doc) problems.push(`envFrom names Secret ${String(secret)}, which is not among the manifests`);
      const values = [
        ...Object.entries(record(at(doc, 'data'))).map(([k, v]) => [k, Buffer.from(text(v) ?? '', 'base64').toString('utf8')] as const),
        ...Object.entries(record(at(doc, 'stringData'))).map(([k, v]) => [k, text(v) ?? ''] as const),
      ];
      for (const [k, v] of values) env[k] = v === '' && operator ? operator(k) : v;
    }
  }
  for (const variable of list(at(container, 'env'))) {
    const name = text(at(variable, 'name'));
    if (!name) continue;
    // valueFrom (a secret's key, a field): its value is not known here, only that it is set.
    const value = text(at(variable, 'value'));
    if (value !== undefined) env[name] = value;
    else problems.push(...(isSetting(name) ? [] : [`env ${name} (valueFrom) is not a setting the server reads (apps/server/src/config.ts)`]));
  }
  return { env, problems };
}

/** The port a probe or a Service's targetPort means: a number, or a container port's name. */
function resolvePort(container: Node, port: Node): number | undefined {
  if (typeof port === 'number') return port;
  const found = list(at(container, 'ports')).find((p) => at(p, 'name') === port);
  const number = at(found, 'containerPort');
  return typeof number === 'number' ? number : undefined;
}

export interface ProbeCheck { where: string; path: string; port: number | undefined }

/** Every Deployment's containers, each with the environment it gets. */
export function deployments(docs: { doc: Node }[]): { name: string; deployment: Node; container: Node }[] {
  return ofKind(docs, 'Deployment').flatMap((deployment) => list(at(deployment, 'spec', 'template', 'spec', 'containers'))
    .map((container) => ({ name: `Deployment ${String(at(deployment, 'metadata', 'name'))} container ${String(at(container, 'name'))}`, deployment, container })));
}

/** The container's probes (readiness and liveness required), with the port each asks resolved. */
export function containerProbes(where: string, container: Node): { probes: ProbeCheck[]; problems: string[] } {
  const problems: string[] = [];
  const probes: ProbeCheck[] = [];
  for (const kind of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
    const probe = at(container, kind);
    if (probe === undefined) {
      if (kind !== 'startupProbe') problems.push(`${where}: no ${kind}`);
      continue;
    }
    const path = text(at(probe, 'httpGet', 'path'));
    if (!path) {
      problems.push(`${where}: ${kind} is not an HTTP GET`);
      continue;
    }
    probes.push({ where: `${where} ${kind}`, path, port: resolvePort(container, at(probe, 'httpGet', 'port')) });
  }
  return { probes, problems };
}

/** The drain: terminationGracePeriodSeconds covers the preStop wait and SHUTDOWN_GRACE_MS; preStop waits. */
export function checkPodGrace(where: string, deployment: Node, container: Node, config: Config): string[] {
  const grace = at(deployment, 'spec', 'template', 'spec', 'terminationGracePeriodSeconds');
  const graceMs = (typeof grace === 'number' ? grace : 30) * 1000;
  const preStop = at(container, 'lifecycle', 'preStop');
  const sleep = list(at(preStop, 'exec', 'command')).map(String);
  const preStopMs = sleep[0] === 'sleep' ? Number(sleep[1]) * 1000 : Number(at(preStop, 'sleep', 'seconds') ?? 0) * 1000;
  const problems: string[] = [];
  if (!(preStopMs > 0)) problems.push(`${where}: no preStop wait (the Service and ingress still send new connections as SIGTERM closes the listener)`);
  const needed = (preStopMs || 0) + config.shutdownGraceMs;
  if (graceMs < needed) problems.push(`${where}: terminationGracePeriodSeconds ${graceMs / 1000} is shorter than preStop (${preStopMs / 1000} s) + SHUTDOWN_GRACE_MS (${config.shutdownGraceMs / 1000} s): the drain is cut short`);
  return problems;
}

const matches = (selector: Node, labels: Node) => {
  const wanted = Object.entries(record(selector));
  return wanted.length > 0 && wanted.every(([k, v]) => record(labels)[k] === v);
};

/** Services, the Ingress, the HorizontalPodAutoscaler and the PodDisruptionBudget reach the Deployment's pods, on its port. */
export function checkWiring(docs: { doc: Node }[], port: number): string[] {
  const problems: string[] = [];
  const pods = deployments(docs);
  const podsOf = (selector: Node) => pods.filter(({ deployment }) => matches(selector, at(deployment, 'spec', 'template', 'metadata', 'labels')));
  for (const service of ofKind(docs, 'Service')) {
    const name = String(at(service, 'metadata', 'name'));
    const selected = podsOf(at(service, 'spec', 'selector'));
    if (selected.length === 0) problems.push(`Service ${name} selects no Deployment's pods`);
    for (const p of list(at(service, 'spec', 'ports'))) {
      for (const { container } of selected) {
        const target = resolvePort(container, at(p, 'targetPort') ?? at(p, 'port'));
        if (target !== port) problems.push(`Service ${name}: targetPort ${String(at(p, 'targetPort'))} is not the server's PORT ${port}`);
      }
    }
  }
  for (const ingress of ofKind(docs, 'Ingress')) {
    for (const rule of list(at(ingress, 'spec', 'rules'))) {
      for (const p of list(at(rule, 'http', 'paths'))) {
        const backend = at(p, 'backend', 'service');
        const service = named(docs, 'Service', at(backend, 'name'));
        if (!service) {
          problems.push(`Ingress ${String(at(ingress, 'metadata', 'name'))} sends to Service ${String(at(backend, 'name'))}, which is not among the manifests`);
          continue;
        }
        const port = at(backend, 'port');
        const known = list(at(service, 'spec', 'ports')).some((sp) => at(sp, 'name') === at(port, 'name') || at(sp, 'port') === at(port, 'number'));
        if (!known) problems.push(`Ingress ${String(at(ingress, 'metadata', 'name'))} sends to a port Service ${String(at(backend, 'name'))} does not have`);
      }
    }
  }
  for (const hpa of ofKind(docs, 'HorizontalPodAutoscaler')) {
    const target = at(hpa, 'spec', 'scaleTargetRef');
    if (at(target, 'kind') !== 'Deployment' || !named(docs, 'Deployment', at(target, 'name'))) {
      problems.push(`HorizontalPodAutoscaler ${String(at(hpa, 'metadata', 'name'))} scales ${String(at(target, 'kind'))} ${String(at(target, 'name'))}, which is not among the manifests`);
    }
  }
  for (const pdb of ofKind(docs, 'PodDisruptionBudget')) {
    if (podsOf(at(pdb, 'spec', 'selector', 'matchLabels')).length === 0) problems.push(`PodDisruptionBudget ${String(at(pdb, 'metadata', 'name'))} selects no Deployment's pods`);
  }
  for (const kind of ['Deployment', 'Service', 'Ingress', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'ConfigMap', 'Secret']) {
    if (ofKind(docs, kind).length === 0) problems.push(`no ${kind} among the manifests`);
  }
  return problems;
}

/** The Ingress keeps a quiet WebSocket open at least as long as HAProxy's `timeout tunnel` (an hour). */
export function checkIngressWebSocket(docs: { doc: Node }[], minimumSeconds: number): string[] {
  return ofKind(docs, 'Ingress').flatMap((ingress) => {
    const annotations = record(at(ingress, 'metadata', 'annotations'));
    const read = Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'] ?? 60);
    const send = Number(annotations['nginx.ingress.kubernetes.io/proxy-send-timeout'] ?? 60);
    return Math.min(read, send) >= minimumSeconds ? [] : [`Ingress ${String(at(ingress, 'metadata', 'name'))}: proxy timeouts ${read}/${send} s close a quiet WebSocket before ${minimumSeconds} s`];
  });
}

/** HAProxy's `timeout tunnel` (how long a quiet WebSocket stays open), in seconds. */
export function haproxyTunnelSeconds(config: string): number | undefined {
  const match = /^\s*timeout tunnel\s+(\d+)(ms|s|m|h)?\s*$/m.exec(config);
  if (!match) return undefined;
  const unit: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };
  return Number(match[1]) * unit[match[2] ?? 'ms']!;
}

/** The path HAProxy checks its backends on (`option httpchk GET <path>`). */
export function haproxyCheckPath(config: string): string | undefined {
  return /^\s*option httpchk\s+GET\s+(\S+)/m.exec(config)?.[1];
}
