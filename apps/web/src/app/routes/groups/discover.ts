/** Discover and the member profiles it opens. */
export { DiscoverRoute } from '@/app/routes/app/discover';
export { UserRoute } from '@/app/routes/app/user';

