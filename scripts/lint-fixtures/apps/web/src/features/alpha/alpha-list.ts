// Allowed: a feature importing itself and lib/.
import { format } from '../../lib/format';
import { alphaScreen } from './alpha-screen';

export const alphaList = format(alphaScreen);
