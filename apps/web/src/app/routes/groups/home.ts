/** The Home tab. */
export { DashboardRoute } from '@/app/routes/app/dashboard';

