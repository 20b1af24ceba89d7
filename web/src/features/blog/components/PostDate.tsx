import { machineReadableDate } from '../post-dates';
import type { PostSummary } from '../types';

/** A post's date as shown ('May 16, 2024'), machine-readable for feeds and assistive tools. */
export function PostDate({ post }: { post: Pick<PostSummary, 'dateText' | 'isoDate'> }) {
  return <time dateTime={machineReadableDate(post)}>{post.dateText}</time>;
}
