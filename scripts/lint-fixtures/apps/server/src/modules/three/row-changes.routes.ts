// Forbidden: a route importing what db/database.ts was split into (here the row-change watch).
import { watchRowChanges } from '../../db/row-changes';

export const watching = watchRowChanges();
