/**
 * The main page's reviews, each said once: the same words under several classes (a member pasting one review, or a
 * short "추천합니다!") read as the same card repeated. The first, most recent, is kept.
 */
export function distinctReviews<T extends { reviewid: number; content: string }>(list: readonly T[]): T[] {
  const seen = new Set<string>();
  return list.filter((review) => {
    const words = review.content.replace(/\s+/g, ' ').trim();
    const key = words === '' ? `#${review.reviewid}` : words;
    if (seen.has(key) || seen.has(`#${review.reviewid}`)) return false;
    seen.add(key);
    seen.add(`#${review.reviewid}`);
    return true;
  });
}
