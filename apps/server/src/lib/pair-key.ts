/** The key of an unordered pair of members: one match and one chat room per pair, whoever acts first. */
export const pairKey = (a: string, b: string) => [a, b].sort().join(':');
