import { createRequire } from 'node:module';
import type { S3Config } from '../config.js';

/** s3rver 3 ships no types: the little the tests use of it. */
interface S3rverServer {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverServer;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/**
 * A real S3-compatible server (s3rver) on a free loopback port, its files in `directory`, with one bucket: the
 * configuration that reaches it, and how to stop it.
 */
export async function startTestBucket(
  directory: string,
  bucket = 'relais-test',
): Promise<{ s3: S3Config; close(): Promise<void> }> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    s3: {
      url: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      // s3rver's fixed credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    close: () => server.close(),
  };
}
