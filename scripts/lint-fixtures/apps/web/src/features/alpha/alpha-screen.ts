// Forbidden: a feature importing another feature.
import { betaCard } from '../beta/beta-card';

export const alphaScreen = `alpha with ${betaCard}`;
