import { DEVICE_TYPES, type DeviceType, type PushDevice } from '@linkup/contract';
import type { PushDeviceRow } from '../../db/schema';

const isDeviceType = (value: string): value is DeviceType => (DEVICE_TYPES as readonly string[]).includes(value);

/** A device as its owner sees it: never the token, which only the push senders read. */
export function presentDevice(row: PushDeviceRow): PushDevice {
  return {
    id: row.id,
    device_type: isDeviceType(row.device_type) ? row.device_type : 'web',
    device_name: row.device_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
