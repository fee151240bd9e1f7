export const pairKey = (a: string, b: string) => [a, b].sort().join(':');
