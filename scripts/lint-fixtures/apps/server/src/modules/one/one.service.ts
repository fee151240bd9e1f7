// Forbidden: a module reaching into another module's repository.
import { TwoRepository } from '../two/two.repository';

export const oneService = new TwoRepository();
