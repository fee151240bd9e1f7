// Forbidden: the contract reaching the server by a relative path.
import { now } from '../../../apps/server/src/lib/clock';

export const serverNow = now;
