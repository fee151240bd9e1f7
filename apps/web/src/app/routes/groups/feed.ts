/** The feed, and the form for my post. */
export { FeedRoute } from '@/app/routes/app/feed';
export { FeedCreateRoute, FeedEditRoute } from '@/app/routes/app/feed-post';
