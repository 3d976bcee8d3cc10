/**
 * In-memory cache of hot public catalogue reads (serialized response bodies). Any other operation
 * clears it, which is coarse but always correct: catalogue reads dominate, writes are rare.
 */
const CACHEABLE = new Set([
  'getCategories', 'getOnlineLectures', 'getBanners', 'getRecentOnlineLectures', 'getPopularOnlineLectures',
  'getMainContents', 'getReviews', 'getFaqs', 'getSuggestTypes', 'getBranch', 'getStats', 'getTags',
  'getCurriculumSections', 'getCurriculumList', 'getSimilarOnlineLectures', 'getPublisherLectures', 'getOrderLectures',
]);
const MAX_ENTRIES = 500;

export class HotCache {
  private readonly map = new Map<string, string>();
  isCacheable(operationId: string): boolean {
    return CACHEABLE.has(operationId);
  }
  get(key: string): string | undefined {
    return this.map.get(key);
  }
  set(key: string, value: string): void {
    if (this.map.size >= MAX_ENTRIES) this.map.clear();
    this.map.set(key, value);
  }
  clear(): void {
    if (this.map.size) this.map.clear();
  }
}
