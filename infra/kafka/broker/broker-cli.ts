/**
 * `npm run kafka:broker [-- --port 9092] [--controller-port N] [--ports FROM-TO] [--fetch-only]`:
 * a local Kafka 3.9.1 broker (KRaft) for `KAFKA_BROKERS=127.0.0.1:9092 npm start`, data in
 * .data/kafka/broker; its controller listens on `--controller-port`, else a free port (inside
 * `--ports` when given, as is the broker's own port when `--port` is not). Ctrl-C stops it.
 * `--fetch-only` resolves the jars from Maven Central and exits (CI runs it before the tests).
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { applyPortRange } from '../../net/free-port';
import { KAFKA_CACHE_DIR, kafkaClasspath, startKafkaBroker } from './broker';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'controller-port': { type: 'string' },
    ports: { type: 'string' },
    'fetch-only': { type: 'boolean', default: false },
  },
});
const say = (line: string) => process.stdout.write(`${line}\n`);
if (values['fetch-only']) {
  const classpath = await kafkaClasspath(say);
  say(`Kafka jars ready (${classpath.split(':').length} on the class path)`);
  process.exit(0);
}
const portNumber = (name: string, text: string | undefined) => {
  if (text === undefined) return undefined;
  const port = Number(text);
  if (Number.isInteger(port) && port >= 1 && port <= 65_535) return port;
  say(`--${name} ${text}: must be a port number from 1 to 65535`);
  process.exit(2);
};
try {
  applyPortRange(values.ports);
} catch (error) {
  say(`--ports ${(error as Error).message}`);
  process.exit(2);
}
const broker = await startKafkaBroker({
  dir: join(KAFKA_CACHE_DIR, 'broker'),
  port: portNumber('port', values.port) ?? (values.ports ? undefined : 9092),
  controllerPort: portNumber('controller-port', values['controller-port']),
  log: say,
});
say(`Kafka is up: KAFKA_BROKERS=${broker.brokers} npm start`);
const stop = async () => {
  await broker.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
