import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type KafkaBroker, startKafkaBroker } from '@infra/kafka/broker/broker';

declare module 'vitest' {
  export interface ProvidedContext {
    kafkaBrokers: string;
  }
}

/**
 * One real Kafka 3.9.1 broker (KRaft) for the kafka project, on free loopback ports; the jars
 * come from Maven Central on first use. Stopped by its process id.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'claims-test-kafka-'));
  const broker: KafkaBroker = await startKafkaBroker({ dir });
  project.provide('kafkaBrokers', broker.brokers);
  return async () => {
    await broker.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
