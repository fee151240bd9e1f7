import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { selectStorage } from '../../src/adapters/select';
import type { PhotoStorage } from '../../src/adapters/storage/storage';
import { testConfig } from '../../src/config';
import { startFakeS3, type FakeS3 } from './fake-s3';

export interface StorageBackend {
  photos: PhotoStorage;
  selfies: PhotoStorage;
  /** The real S3-compatible server behind the stores (S3 only). */
  s3: FakeS3 | null;
  /** DATA_DIR (local disk only). */
  dataDir: string | null;
  close(): Promise<void>;
}

/**
 * Both photo stores as the composition root builds them (adapters/select.ts `selectStorage`):
 * DATA_DIR on local disk, and an S3 bucket on a real S3-compatible server (s3rver) on loopback.
 * Contract tests run the same cases against each.
 */
export const STORAGE_BACKENDS: Record<'local disk' | 'S3 (s3rver)', () => Promise<StorageBackend>> = {
  'local disk': async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-storage-'));
    const stores = selectStorage(testConfig({ DATA_DIR: dataDir }));
    return {
      ...stores, s3: null, dataDir,
      async close() {
        stores.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
  'S3 (s3rver)': async () => {
    const s3 = await startFakeS3();
    const stores = selectStorage(testConfig(s3.env));
    return {
      ...stores, s3, dataDir: null,
      async close() {
        stores.close();
        await s3.close();
      },
    };
  },
};
