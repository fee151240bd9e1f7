export const watchRowChanges = () => false;
