export const openDatabase = () => ({ kind: 'sqlite' });
