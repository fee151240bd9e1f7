import { FEED_IMAGE_SLOTS, vocabularyLabel, type FeedPost } from '@linkup/contract';
import { mediaUrl } from '@/lib/media-url';

const label = (value: string | null) => (value ? vocabularyLabel(value) : null);

/** The post's photos, largest first; nothing when it has none. */
export function PostPhotos({ post }: { post: FeedPost }) {
  const urls = FEED_IMAGE_SLOTS.map((slot) => post[slot]).filter((url): url is string => Boolean(url));
  if (urls.length === 0) return null;
  return (
    <div className={`post-photos post-photos--${Math.min(urls.length, 4)}`}>
      {urls.map((url, i) => (
        <img key={url} src={mediaUrl(url)} alt={i === 0 ? `Photo of ${post.name}` : `Photo ${i + 1} of ${post.name}`} loading="lazy" />
      ))}
    </div>
  );
}

/** What the author says about themselves and the partner they hope to meet. */
export function PostDetails({ post }: { post: FeedPost }) {
  const about = [
    ['Looking for', label(post.relationship_type)],
    ['Marital status', label(post.marital_status)],
    ['Body type', label(post.body_type)],
    ['Drinks', label(post.how_often_drink)],
    ['Love language', label(post.love_language)],
  ].filter((entry): entry is [string, string] => entry[1] !== null);
  const wanted = [
    ['Age', `${post.preferred_age_min}–${post.preferred_age_max}`],
    ['Body type', label(post.preferred_body_type)],
    ['City', post.preferred_city],
    ['Drinking', label(post.preferred_drinking)],
    ['Love language', label(post.preferred_love_language)],
    ['Marital status', label(post.preferred_marital_status)],
  ].filter((entry): entry is [string, string] => entry[1] !== null);
  return (
    <>
      {post.profile_description && <p className="post-text">{post.profile_description}</p>}
      {about.length > 0 && (
        <ul className="post-chips" aria-label={`About ${post.name}`}>
          {about.map(([name, value]) => <li key={name}><span className="post-chip-name">{name}</span> {value}</li>)}
        </ul>
      )}
      <div className="post-wanted">
        <h3 className="post-wanted-title">Partner preferences</h3>
        <dl className="facts post-wanted-list">
          {wanted.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </>
  );
}

/** Name, age, gender and city of the author, as their profile shows them. */
export function authorLine(post: Pick<FeedPost, 'age' | 'gender' | 'city'>): string {
  return [post.age !== null ? `${post.age}` : null, post.gender ? vocabularyLabel(post.gender) : null, post.city].filter(Boolean).join(' • ');
}
