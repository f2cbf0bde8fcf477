import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, openSync, closeSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../net/free-port';
import { createKafka } from '../kafka-client';

/**
 * A real Apache Kafka 3.9.1 broker in KRaft mode (one node, broker and controller), or a
 * cluster of such nodes, run from Maven Central's jars with the machine's Java: no Docker.
 * For tests, the relay benchmark and `npm run kafka:broker`. Stopped by process id, never by
 * name.
 */

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');
const POM = join(import.meta.dirname, 'pom.xml');
/** Outside git (.gitignore has .data/); the jars themselves stay in Maven's ~/.m2. */
export const KAFKA_CACHE_DIR = join(ROOT, '.data/kafka');

/**
 * The broker's Java class path. Resolved once per pom by `mvn dependency:build-classpath`
 * (downloads into ~/.m2 on a fresh machine), then read from the cache file.
 */
export async function kafkaClasspath(log: (line: string) => void = () => {}): Promise<string> {
  const pom = await readFile(POM);
  const digest = createHash('sha256').update(pom).digest('hex').slice(0, 12);
  const file = join(KAFKA_CACHE_DIR, `classpath-${digest}.txt`);
  if (existsSync(file)) {
    const classpath = (await readFile(file, 'utf8')).trim();
    if (classpath.split(':').every((jar) => existsSync(jar))) return classpath;
  }
  await mkdir(KAFKA_CACHE_DIR, { recursive: true });
  log('resolving the Kafka 3.9.1 jars with Maven (first run only)');
  await run(
    'mvn',
    ['-q', '-B', '-f', POM, 'dependency:build-classpath', `-Dmdep.outputFile=${file}`],
    { maxBuffer: 16 * 1024 * 1024, timeout: 600_000 },
  );
  return (await readFile(file, 'utf8')).trim();
}

export interface KafkaBrokerOptions {
  /** Holds server.properties, the log segments and broker.log; reused by a restart. */
  readonly dir: string;
  readonly port?: number;
  readonly controllerPort?: number;
  readonly heapMb?: number;
  readonly log?: (line: string) => void;
}

export interface KafkaBroker {
  /** `127.0.0.1:PORT`, for KAFKA_BROKERS. */
  readonly brokers: string;
  readonly port: number;
  readonly pid: () => number | undefined;
  /** Starts it again on the same ports and data (after stop or kill). */
  start(): Promise<void>;
  /** SIGKILL by process id: a crash, nothing flushed or handed over. */
  kill(): Promise<void>;
  /** SIGTERM by process id and wait for the exit (SIGKILL after 20 s). */
  stop(): Promise<void>;
}

/** A free port on 127.0.0.1 (inside PORT_RANGE when it is set). */
const freeLoopbackPort = (): Promise<number> => freePort();

interface NodeSettings {
  readonly dir: string;
  readonly nodeId: number;
  readonly port: number;
  readonly controllerPort: number;
  /** `1@127.0.0.1:PORT,2@…`: every controller of the cluster. */
  readonly voters: string;
  /** Replication of the internal topics and new topics; min ISR is one less (at least 1). */
  readonly replication: number;
}

const serverProperties = ({
  dir,
  nodeId,
  port,
  controllerPort,
  voters,
  replication,
}: NodeSettings) => {
  const minIsr = Math.max(1, replication - 1);
  return `${[
    'process.roles=broker,controller',
    `node.id=${nodeId}`,
    `controller.quorum.voters=${voters}`,
    `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
    'controller.listener.names=CONTROLLER',
    'inter.broker.listener.name=PLAINTEXT',
    'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    `log.dirs=${join(dir, 'data')}`,
    'num.partitions=1',
    `default.replication.factor=${replication}`,
    `offsets.topic.replication.factor=${replication}`,
    // Fewer than the default 50: the group coordinator's topic is created in a second, not ten.
    'offsets.topic.num.partitions=3',
    `transaction.state.log.replication.factor=${replication}`,
    // The relay's transactions (decision 145): the coordinator's topic, small for the same reason.
    'transaction.state.log.num.partitions=3',
    `transaction.state.log.min.isr=${minIsr}`,
    `min.insync.replicas=${minIsr}`,
    'group.initial.rebalance.delay.ms=0',
    'auto.create.topics.enable=false',
    'log.flush.interval.messages=9223372036854775807',
    // A cluster fences a silent broker (and moves its partition leaders) after this, not the
    // default 9 s; docs/reliability.md states the pauses measured with it.
    ...(replication > 1
      ? ['broker.session.timeout.ms=3000', 'broker.heartbeat.interval.ms=500']
      : []),
  ].join('\n')}\n`;
};

const JVM_OPTIONS = (heapMb: number) => [
  `-Xmx${heapMb}m`,
  `-Xms${Math.min(heapMb, 256)}m`,
  '-XX:+UseSerialGC',
  '-XX:TieredStopAtLevel=1',
  '-Djava.awt.headless=true',
  '-Dorg.slf4j.simpleLogger.defaultLogLevel=info',
];

/** Formats the storage on first use, starts the broker and waits until it serves (about 20 s). */
export async function startKafkaBroker(options: KafkaBrokerOptions): Promise<KafkaBroker> {
  const dir = resolve(options.dir);
  const log = options.log ?? (() => {});
  const classpath = await kafkaClasspath(log);
  const port = options.port ?? (await freeLoopbackPort());
  const controllerPort = options.controllerPort ?? (await freeLoopbackPort());
  const node = await prepareNode(
    classpath,
    {
      dir,
      nodeId: 1,
      port,
      controllerPort,
      voters: `1@127.0.0.1:${controllerPort}`,
      replication: 1,
    },
    randomBytes(16).toString('base64url'),
    options.heapMb ?? 512,
    log,
  );
  await node.start();
  return node;
}

export interface KafkaClusterNode extends KafkaBroker {
  readonly nodeId: number;
  readonly dir: string;
}

export interface KafkaCluster {
  /** Every node's `127.0.0.1:PORT`, comma-separated, for KAFKA_BROKERS. */
  readonly brokers: string;
  readonly nodes: readonly KafkaClusterNode[];
  /** The node that is the KRaft quorum's leader now (the active controller). */
  activeController(): Promise<KafkaClusterNode>;
  stop(): Promise<void>;
}

/**
 * `nodes` KRaft nodes on loopback, each broker and controller, one `controller.quorum.voters`
 * list naming all of them, internal topics replicated `nodes` times with min ISR one less
 * (3 nodes: 3 and 2). Started together: a node waits for the quorum before it serves.
 */
export async function startKafkaCluster(options: {
  readonly dir: string;
  readonly nodes?: number;
  readonly heapMb?: number;
  readonly log?: (line: string) => void;
}): Promise<KafkaCluster> {
  const log = options.log ?? (() => {});
  const classpath = await kafkaClasspath(log);
  const count = options.nodes ?? 3;
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  const ports = await Promise.all(
    ids.map(async () => [await freeLoopbackPort(), await freeLoopbackPort()] as const),
  );
  const voters = ids.map((id, i) => `${id}@127.0.0.1:${ports[i]?.[1]}`).join(',');
  const clusterId = randomBytes(16).toString('base64url');
  const nodes = await Promise.all(
    ids.map(async (nodeId, i) => {
      const [port, controllerPort] = ports[i] as readonly [number, number];
      const dir = join(resolve(options.dir), `node-${nodeId}`);
      const settings = { dir, nodeId, port, controllerPort, voters, replication: count };
      const node = await prepareNode(classpath, settings, clusterId, options.heapMb ?? 384, log);
      return { ...node, nodeId, dir };
    }),
  );
  await Promise.all(nodes.map((node) => node.start()));
  const brokers = nodes.map((node) => node.brokers).join(',');
  await allBrokersRegistered(brokers, count, log);
  return {
    brokers,
    nodes,
    async activeController() {
      // The newest "active controller" line across the nodes' logs names the quorum's leader.
      let best: { epoch: number; node: KafkaClusterNode } | undefined;
      for (const node of nodes) {
        const text = await readFile(join(node.dir, 'broker.log'), 'utf8').catch(() => '');
        for (const match of text.matchAll(/Becoming the active controller at epoch (\d+)/g)) {
          const epoch = Number(match[1]);
          if (!best || epoch > best.epoch) best = { epoch, node };
        }
      }
      if (!best) throw new Error('no node has become the active controller');
      return best.node;
    },
    async stop() {
      await Promise.all(nodes.map((node) => node.stop()));
    },
  };
}

/**
 * A node listening is not yet a broker the controller knows: a client that creates a topic
 * before the last one registers gets fewer replicas than the cluster has (a CI run saw a
 * topic of replication 1 on "2 brokers" out of 3).
 */
async function allBrokersRegistered(
  brokers: string,
  count: number,
  log: (line: string) => void,
  timeoutMs = 60_000,
): Promise<void> {
  const admin = createKafka({ brokers, clientId: 'cluster-start' }).admin();
  const started = Date.now();
  await admin.connect();
  try {
    for (;;) {
      const registered = await admin
        .describeCluster()
        .then((cluster) => cluster.brokers.length)
        .catch(() => 0);
      if (registered >= count) return;
      if (Date.now() - started > timeoutMs)
        throw new Error(`${registered} of ${count} Kafka brokers registered after ${timeoutMs} ms`);
      log(`${registered} of ${count} brokers registered; waiting`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await admin.disconnect();
  }
}

async function prepareNode(
  classpath: string,
  settings: NodeSettings,
  clusterId: string,
  heapMb: number,
  log: (line: string) => void,
): Promise<KafkaBroker> {
  const { dir, port } = settings;
  await mkdir(dir, { recursive: true });
  const properties = join(dir, 'server.properties');
  await writeFile(properties, serverProperties(settings));
  if (!existsSync(join(dir, 'data', 'meta.properties'))) {
    // A cluster id is 16 random bytes, base64url without padding (as StorageTool random-uuid).
    await run(
      'java',
      [
        ...JVM_OPTIONS(256),
        '-cp',
        classpath,
        'kafka.tools.StorageTool',
        'format',
        // One argument: an id may start with '-', which the tool would read as an option.
        `--cluster-id=${clusterId}`,
        '-c',
        properties,
      ],
      { timeout: 120_000 },
    );
  }

  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const logFile = join(dir, 'broker.log');

  async function start(): Promise<void> {
    if (child && child.exitCode === null && child.signalCode === null) return;
    const out = openSync(logFile, 'a');
    const started = Date.now();
    const process = spawn(
      'java',
      [...JVM_OPTIONS(heapMb), '-cp', classpath, 'kafka.Kafka', properties],
      { stdio: ['ignore', out, out] },
    );
    closeSync(out);
    child = process;
    exited = new Promise((done) => process.once('exit', () => done()));
    log(`kafka node ${settings.nodeId} pid ${process.pid} on 127.0.0.1:${port}`);
    await waitUntilServing(process, logFile, started);
  }

  async function waitUntilServing(process: ChildProcess, file: string, since: number) {
    const deadline = since + 120_000;
    const marker = 'Kafka Server started';
    const before = existsSync(file) ? (await readFile(file, 'utf8')).length : 0;
    for (;;) {
      if (process.exitCode !== null || process.signalCode !== null) {
        const tail = (await readFile(file, 'utf8')).slice(-2_000);
        throw new Error(`the Kafka broker exited during start-up:\n${tail}`);
      }
      const text = await readFile(file, 'utf8').catch(() => '');
      // Only lines this start wrote: broker.log keeps earlier runs.
      if (text.slice(Math.max(0, before - marker.length)).includes(marker)) return;
      if (Date.now() > deadline) throw new Error('the Kafka broker did not start within 120 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function signal(name: 'SIGKILL' | 'SIGTERM', graceMs: number): Promise<void> {
    const pid = child?.pid;
    if (!child || pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    process.kill(pid, name);
    const timer = setTimeout(() => {
      if (child?.pid === pid && child.exitCode === null) process.kill(pid, 'SIGKILL');
    }, graceMs);
    await exited;
    clearTimeout(timer);
  }

  return {
    brokers: `127.0.0.1:${port}`,
    port,
    pid: () => child?.pid,
    start,
    kill: () => signal('SIGKILL', 0),
    stop: () => signal('SIGTERM', 20_000),
  };
}
