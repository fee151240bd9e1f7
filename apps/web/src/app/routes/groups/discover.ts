/** Discover. */
export { DiscoverRoute } from '@/app/routes/app/discover';
