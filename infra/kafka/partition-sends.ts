import { type Message, Partitioners, type PartitionMetadata } from 'kafkajs';

/**
 * A batch's messages by the partition kafkajs's default partitioner gives their keys, each
 * partition's in the batch's order, the partitions in the order of their first message.
 */
export function messagesByPartition<M extends Message>(
  topic: string,
  partitions: number,
  messages: readonly M[],
): Map<number, M[]> {
  const partitionOf = Partitioners.DefaultPartitioner();
  const partitionMetadata: PartitionMetadata[] = Array.from({ length: partitions }, (_, id) => ({
    partitionErrorCode: 0,
    partitionId: id,
    leader: 0,
    replicas: [],
    isr: [],
  }));
  const found = new Map<number, M[]>();
  for (const message of messages) {
    const partition = partitionOf({ topic, partitionMetadata, message });
    const group = found.get(partition);
    if (group) group.push(message);
    else found.set(partition, [message]);
  }
  return found;
}

/**
 * The partitions kafkajs's default partitioner gives a batch's keys: the partitions a send of
 * them must be answered for (decision 099).
 */
export function partitionsOf(
  topic: string,
  partitions: number,
  messages: readonly Message[],
): Set<number> {
  return new Set(messagesByPartition(topic, partitions, messages).keys());
}
