export const betaCard = 'beta';
