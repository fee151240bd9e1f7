// Allowed: app/ composes features.
import { alphaList } from '../features/alpha/alpha-list';
import { betaCard } from '../features/beta/beta-card';

export const routes = [alphaList, betaCard];
