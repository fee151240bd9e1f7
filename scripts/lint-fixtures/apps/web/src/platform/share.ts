// Allowed: platform/ loads Capacitor plugins.
export const share = () => import('@capacitor/share');
