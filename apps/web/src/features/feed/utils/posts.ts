import type { FeedPage, FeedPost } from '@linkup/contract';
import type { InfiniteData } from '@tanstack/react-query';

/** Every loaded post, each once, in order (a post never shows twice even if two pages carried it). */
export function postsOf(data: InfiniteData<FeedPage> | undefined): FeedPost[] {
  const seen = new Set<string>();
  const posts: FeedPost[] = [];
  for (const post of data?.pages.flatMap((p) => p.posts) ?? []) {
    if (seen.has(post.id)) continue;
    seen.add(post.id);
    posts.push(post);
  }
  return posts;
}

/** The loaded pages with one post changed. */
export function patchPost(data: InfiniteData<FeedPage> | undefined, postId: string, change: Partial<FeedPost>): InfiniteData<FeedPage> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      posts: page.posts.map((post) => (post.id === postId ? { ...post, ...change } : post)),
    })),
  };
}
