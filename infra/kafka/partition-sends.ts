import { type Message, Partitioners, type PartitionMetadata } from 'kafkajs';

/**
 * A batch's messages grouped by the partition kafkajs's default partitioner gives each key,
 * with that partition written on each message: the partitions a send of them must be
 * answered for (decision 099).
 */
export function messagesByPartition(
  topic: string,
  partitions: number,
  messages: readonly Message[],
): Map<number, Message[]> {
  const partitionOf = Partitioners.DefaultPartitioner();
  const partitionMetadata: PartitionMetadata[] = Array.from({ length: partitions }, (_, id) => ({
    partitionErrorCode: 0,
    partitionId: id,
    leader: 0,
    replicas: [],
    isr: [],
  }));
  const groups = new Map<number, Message[]>();
  for (const message of messages) {
    const partition = partitionOf({ topic, partitionMetadata, message });
    const group = groups.get(partition) ?? [];
    group.push({ ...message, partition });
    groups.set(partition, group);
  }
  return groups;
}
