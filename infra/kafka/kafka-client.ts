import { Kafka, logLevel } from 'kafkajs';
import './kafkajs-negative-timeout';
import type { Logger } from 'pino';

/** A kafkajs client whose own log lines go to the process logger (warnings and errors only). */
export function createKafka(options: {
  readonly brokers: string;
  readonly clientId: string;
  readonly log?: Pick<Logger, 'warn' | 'error'>;
  /** How it reconnects: the default backs off to 5 s a try. */
  readonly retry?: { initialRetryTime: number; retries: number; maxRetryTime: number };
}): Kafka {
  const log = options.log;
  return new Kafka({
    clientId: options.clientId,
    brokers: options.brokers.split(',').map((broker) => broker.trim()),
    connectionTimeout: 3_000,
    retry: options.retry ?? { initialRetryTime: 300, retries: 8, maxRetryTime: 5_000 },
    logLevel: log ? logLevel.WARN : logLevel.NOTHING,
    logCreator:
      () =>
      ({ level, log: entry }) => {
        if (!log) return;
        const { message, ...rest } = entry;
        if (level <= logLevel.ERROR) log.error({ kafka: rest }, `kafka: ${message}`);
        else log.warn({ kafka: rest }, `kafka: ${message}`);
      },
  });
}
