// Forbidden: an import cycle (cycle-a → cycle-b → cycle-a).
import { other } from './cycle-b';

export const ids = [other];
