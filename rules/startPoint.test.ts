import { describe, expect, it } from 'vitest';
import type { components } from '../src/api/schema.gen';
import { pickStart } from './startPoint';

type Video = components['schemas']['Video'];
const video = (videoid: number, extra: Partial<Video> = {}): Video => ({
  videoid,
  sectionid: 1211,
  contentsid: 121,
  title: `영상 ${videoid}`,
  duration: 600,
  sortorder: 1,
  path: `media/lectures/121/${videoid}.mp4`,
  ispreview: false,
  watchedtime: 0,
  iscomplete: false,
  ...extra,
});
const last = (videoid: number, watchedtime: number) => ({
  useruid: 'u-demo-1',
  contentsid: 121,
  videoid,
  lecturetitle: '강의',
  videotitle: '영상',
  watchedtime,
  duration: 600,
  updatedate: '2024-05-01T10:00:00+09:00',
});

describe('where the player opens', () => {
  const videos = [video(12111, { iscomplete: true }), video(12112, { watchedtime: 40 }), video(12121, { path: null })];

  it('the address ("이어보기") wins: its video at its second', () => {
    expect(pickStart(videos, { videoid: 12112, t: 95 }, last(12111, 10))).toEqual({ videoid: 12112, start: 95 });
  });

  it('an address video without a second resumes at its own watch position', () => {
    expect(pickStart(videos, { videoid: 12112 }, null)).toEqual({ videoid: 12112, start: 40 });
  });

  it('without an address, the last watched video and second', () => {
    expect(pickStart(videos, {}, last(12111, 123))).toEqual({ videoid: 12111, start: 123 });
  });

  it('else the first video not yet complete', () => {
    expect(pickStart(videos, {}, null)).toEqual({ videoid: 12112, start: 40 });
  });

  it('a video the member may not play is never opened, and a second at the very end starts over', () => {
    expect(pickStart(videos, { videoid: 12121, t: 30 }, null)).toEqual({ videoid: 12112, start: 40 });
    expect(pickStart(videos, { videoid: 12112, t: 598 }, null)).toEqual({ videoid: 12112, start: 0 });
  });

  describe('a resume point at the end of a finished video (issue 42: 이어보기 started over)', () => {
    const half = [
      video(10111, { iscomplete: true, watchedtime: 600 }),
      video(10112, { iscomplete: true, watchedtime: 600 }),
      video(10121, { watchedtime: 0 }),
      video(10122, { watchedtime: 120 }),
    ];
    it('goes on with the next video not yet complete, at its own second', () => {
      expect(pickStart(half, { videoid: 10111, t: 600 }, null)).toEqual({ videoid: 10121, start: 0 });
      expect(pickStart(half, {}, last(10112, 598))).toEqual({ videoid: 10121, start: 0 });
      const later = [half[0]!, half[1]!, video(10121, { iscomplete: true, watchedtime: 600 }), half[3]!];
      expect(pickStart(later, {}, last(10121, 600))).toEqual({ videoid: 10122, start: 120 });
    });
    it('an unfinished video earlier in the class comes next when none is left after it', () => {
      const gap = [video(10111, { watchedtime: 50 }), video(10112, { iscomplete: true, watchedtime: 600 })];
      expect(pickStart(gap, {}, last(10112, 600))).toEqual({ videoid: 10111, start: 50 });
    });
    it('a finished class, a second mid-video, and a video picked without a second open as they are', () => {
      const done = half.map((v) => ({ ...v, iscomplete: true }));
      expect(pickStart(done, {}, last(10112, 600))).toEqual({ videoid: 10112, start: 0 });
      expect(pickStart(half, { videoid: 10111, t: 200 }, null)).toEqual({ videoid: 10111, start: 200 });
      expect(pickStart(half, { videoid: 10111 }, null)).toEqual({ videoid: 10111, start: 0 });
    });
  });
});
