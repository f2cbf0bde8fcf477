import { type Message, Partitioners, type PartitionMetadata } from 'kafkajs';

/**
 * The partitions kafkajs's default partitioner gives a batch's keys: the partitions a send of
 * them must be answered for (decision 099).
 */
export function partitionsOf(
  topic: string,
  partitions: number,
  messages: readonly Message[],
): Set<number> {
  const partitionOf = Partitioners.DefaultPartitioner();
  const partitionMetadata: PartitionMetadata[] = Array.from({ length: partitions }, (_, id) => ({
    partitionErrorCode: 0,
    partitionId: id,
    leader: 0,
    replicas: [],
    isr: [],
  }));
  const found = new Set<number>();
  for (const message of messages) found.add(partitionOf({ topic, partitionMetadata, message }));
  return found;
}
