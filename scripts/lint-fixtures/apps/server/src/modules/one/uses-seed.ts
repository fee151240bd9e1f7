// Forbidden: a module importing the demo seed.
import { seedDemoData } from '../../seed/seed';

export const seeding = seedDemoData;
