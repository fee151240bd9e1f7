// Forbidden: a feature loading a Capacitor plugin itself (dynamically).
export const share = () => import('@capacitor/share');
