import { describe, expect, it } from 'vitest';
import { HotCache } from './cache';
import { cacheTags } from '../handlers/index';
import { listOperations, loadSpec } from './spec';

const LIMITS = { entries: 3, bytes: 1_000_000 };

describe('catalogue cache', () => {
  it('evicts the least recently used entry when full, not everything', () => {
    const c = new HotCache(cacheTags, LIMITS);
    for (const k of ['a', 'b', 'c']) c.set(k, `"${k}"`, c.mark(), ['faqs']);
    expect(c.get('a')).toBeDefined(); // a is now the most recent
    c.set('d', '"d"', c.mark(), ['faqs']);
    expect(c.size).toBe(3);
    expect(c.get('b')).toBeUndefined();
    for (const k of ['a', 'c', 'd']) expect(c.get(k)?.body.toString()).toBe(`"${k}"`);
  });

  it('evicts by bytes as well as by count', () => {
    const c = new HotCache(cacheTags, { entries: 100, bytes: 20 });
    c.set('a', JSON.stringify('x'.repeat(10)), c.mark(), ['faqs']);
    c.set('b', JSON.stringify('y'.repeat(10)), c.mark(), ['faqs']);
    expect(c.size).toBe(1);
    expect(c.get('a')).toBeUndefined();
    expect(c.get('b')).toBeDefined();
  });

  it('a write drops the entries that read what it touched and keeps the rest', () => {
    const c = new HotCache(cacheTags, LIMITS);
    c.set('lectures', '1', c.mark(), cacheTags.readsOf('getOnlineLectures', {}));
    c.set('curriculum 101', '2', c.mark(), cacheTags.readsOf('getCurriculumSections', { params: { contentsid: 101 } }));
    c.set('banners', '3', c.mark(), cacheTags.readsOf('getBanners', {}));
    c.invalidate(cacheTags.touchedBy('saveRating', { body: { contentsid: 101 } }));
    expect(c.get('lectures')).toBeUndefined();
    expect(c.get('curriculum 101')).toBeDefined();
    expect(c.get('banners')).toBeDefined();
  });

  it('a keyed write reaches that key and whole-table readers; a whole-table write reaches every key', () => {
    const c = new HotCache(cacheTags, { entries: 10, bytes: 1_000_000 });
    c.set('101', '1', c.mark(), ['videos:101']);
    c.set('102', '2', c.mark(), ['videos:102']);
    c.set('all', '3', c.mark(), ['videos']);
    c.invalidate(['videos:101']);
    expect([c.get('101'), c.get('102'), c.get('all')].map(Boolean)).toEqual([false, true, false]);
    c.invalidate(['videos']);
    expect(c.get('102')).toBeUndefined();
  });

  it('a read racing a write never stores its answer; a read of something else still does', () => {
    const c = new HotCache(cacheTags, LIMITS);
    const lectureRead = c.mark();
    const curriculumRead = c.mark();
    // The rating is written while both reads are in flight (their answers may predate it).
    c.invalidate(['ratings:101']);
    c.set('lectures', '"old"', lectureRead, cacheTags.readsOf('getOnlineLectures', {}));
    c.set('curriculum 101', '"same"', curriculumRead, cacheTags.readsOf('getCurriculumSections', { params: { contentsid: 101 } }));
    expect(c.get('lectures')).toBeUndefined();
    expect(c.get('curriculum 101')).toBeDefined();
    // A read that started after the write stores normally.
    c.set('lectures', '"new"', c.mark(), cacheTags.readsOf('getOnlineLectures', {}));
    expect(c.get('lectures')?.body.toString()).toBe('"new"');
    // A keyed read races a write of its own key, or of its whole table, or a clear: not stored either.
    for (const write of [['videos:101'], ['videos'], 'all'] as const) {
      const m = c.mark();
      c.invalidate(write);
      c.set('curriculum', '"x"', m, ['videos:101']);
      expect(c.get('curriculum')).toBeUndefined();
    }
  });

  it('reads name nothing, known writes name their tables, an unknown operation clears everything', () => {
    expect(cacheTags.touchedBy('getOnlineLectures', {})).toEqual([]);
    expect(cacheTags.touchedBy('getMyClassInfo', {})).toEqual([]);
    expect(cacheTags.touchedBy('updateWatchTime', {})).toEqual(['progress']);
    expect(cacheTags.touchedBy('deleteRating', { query: { contentsid: 7 } })).toEqual(['ratings:7']);
    // No context (the request failed validation): the whole table.
    expect(cacheTags.touchedBy('saveRating', {})).toEqual(['ratings']);
    expect(cacheTags.touchedBy('someNewOperation', {})).toBe('all');
  });

  it("a member's class list tells no instance of a write: no cached read shows the certificates it may issue", () => {
    // Issue 43: GetMyLectures issues a certificate number on a class's first listing (with its mail). Declared as a
    // write of those tables, every listing notified every instance (a round trip to PostgreSQL per member read).
    expect(cacheTags.touchedBy('getMyLectures', {})).toEqual([]);
    const cached = listOperations(loadSpec()).filter((op) => cacheTags.isCacheable(op.operationId));
    const shown = cached.flatMap((op) => cacheTags.readsOf(op.operationId, {}).map((t) => t.split(':')[0]));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((t) => t === 'certificates' || t === 'mail_outbox')).toEqual([]);
  });

  it('every operation of the yaml is named as a cached read, a pure read or a write of named tables', () => {
    // A new operation falls to "clears everything" until someone says what it touches: correct, but slow.
    const unnamed = listOperations(loadSpec()).filter((op) => cacheTags.touchedBy(op.operationId, {}) === 'all');
    expect(unnamed.map((op) => op.operationId)).toEqual([]);
  });
});
