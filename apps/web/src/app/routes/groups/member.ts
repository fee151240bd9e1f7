/**
 * Another member's profile (opened from Discover, Home, matches and chat). Its own group: its
 * safety menu (report form, tooltips) stays off Discover's first load.
 */
export { UserRoute } from '@/app/routes/app/user';
