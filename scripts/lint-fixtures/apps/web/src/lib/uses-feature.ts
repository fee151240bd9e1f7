// Forbidden: lib/ importing a feature.
import { betaCard } from '../features/beta/beta-card';

export const usesFeature = betaCard;
