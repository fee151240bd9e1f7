// Forbidden: a route importing the database.
import { openDatabase } from '../../db/database';

export const database = openDatabase();
