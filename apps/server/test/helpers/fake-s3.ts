import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { createS3Client, type S3Settings } from '../../src/adapters/storage/s3-storage';

/**
 * A real S3-compatible server (s3rver) on loopback, on a port of its own, keeping its objects in a
 * temporary folder (removed on close), with one bucket. `env` is the server's S3_* settings for it;
 * `keys(prefix)` lists what the bucket holds, over S3's own API.
 */
export async function startFakeS3(bucket = 'linkup-test') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  // s3rver's own credentials: it checks every request's signature against them.
  const settings: S3Settings = {
    bucket, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true,
  };
  const client = createS3Client(settings);
  return {
    settings,
    client,
    env: {
      S3_BUCKET: bucket, S3_ENDPOINT: settings.endpoint!, S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId, S3_SECRET_ACCESS_KEY: settings.secretAccessKey, S3_FORCE_PATH_STYLE: 'true',
    },
    async keys(prefix = ''): Promise<string[]> {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    /** Close every app using it first: their clients hold keep-alive connections the close waits for. */
    async close(): Promise<void> {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>;
