/** The feed, one post, the form for my post, and the notifications inbox. */
export { FeedRoute } from '@/app/routes/app/feed';
export { FeedCreateRoute, FeedEditRoute } from '@/app/routes/app/feed-post';
export { FeedPostViewRoute } from '@/app/routes/app/feed-post-view';
export { NotificationsRoute } from '@/app/routes/app/notifications';
