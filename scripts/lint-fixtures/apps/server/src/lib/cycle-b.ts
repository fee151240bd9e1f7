import { ids } from './cycle-a';

export const other = 'b';
export const count = () => ids.length;
