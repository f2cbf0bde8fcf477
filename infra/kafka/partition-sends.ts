import { type Message, Partitioners, type PartitionMetadata } from 'kafkajs';

/**
 * A batch's messages grouped by the partition kafkajs's default partitioner gives each key,
 * with that partition written on each message, so that one `send` names one partition.
 *
 * Why (decision 098): a kafkajs send that spans brokers keeps, across its retries, which
 * brokers answered. If a partition's leader moves between tries to a broker that had
 * already answered for other partitions, the retry skips that broker, and the partition's
 * messages are dropped while the send resolves. A send of one partition goes to one leader;
 * a try either has its answer or is made again to the partition's leader of the moment.
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
