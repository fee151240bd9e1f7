// Allowed: a module importing itself and modules/shared/.
import { pairKey } from '../shared/pair-key';
import { oneService } from './one.service';

export const onePolicy = pairKey(String(oneService.find('a')), 'b');
