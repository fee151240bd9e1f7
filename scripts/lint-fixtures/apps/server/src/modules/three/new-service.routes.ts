// Forbidden: a route building its own service (services.ts builds each one once).
declare class ThreeService { list(): unknown[] }

export const threes = () => new ThreeService().list();
