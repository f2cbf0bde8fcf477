/**
 * `npm run kafka:broker [-- --port 9092] [--fetch-only]`: a local Kafka 3.9.1 broker (KRaft)
 * for `KAFKA_BROKERS=127.0.0.1:9092 npm start`, data in .data/kafka/broker; Ctrl-C stops it.
 * `--fetch-only` resolves the jars from Maven Central and exits (CI runs it before the tests).
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { KAFKA_CACHE_DIR, kafkaClasspath, startKafkaBroker } from './broker';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '9092' },
    'fetch-only': { type: 'boolean', default: false },
  },
});
const say = (line: string) => process.stdout.write(`${line}\n`);
if (values['fetch-only']) {
  const classpath = await kafkaClasspath(say);
  say(`Kafka jars ready (${classpath.split(':').length} on the class path)`);
  process.exit(0);
}
const broker = await startKafkaBroker({
  dir: join(KAFKA_CACHE_DIR, 'broker'),
  port: Number(values.port),
  log: say,
});
say(`Kafka is up: KAFKA_BROKERS=${broker.brokers} npm start`);
const stop = async () => {
  await broker.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
