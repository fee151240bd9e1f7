// Forbidden: the web app reaching the server by a relative path.
import { now } from '../../../server/src/lib/clock';

export const serverNow = now;
