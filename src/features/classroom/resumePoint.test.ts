import { describe, expect, it } from 'vitest';
import { classResumePoint } from './resumePoint';

const videos = [
  { videoid: 1, watchedtime: 300, iscomplete: true },
  { videoid: 2, watchedtime: 95, iscomplete: false },
  { videoid: 3, watchedtime: 0, iscomplete: false },
];

describe('이어보기 of a class', () => {
  it('resumes the last watched video at its second when it is this class', () => {
    expect(classResumePoint(121, videos, { contentsid: 121, videoid: 3, watchedtime: 42, duration: 300 })).toEqual({ videoid: 3, seconds: 42 });
  });

  it('otherwise resumes the first unfinished video at its stored second', () => {
    expect(classResumePoint(121, videos, { contentsid: 101, videoid: 9, watchedtime: 42, duration: 300 })).toEqual({ videoid: 2, seconds: 95 });
    expect(classResumePoint(121, videos, null)).toEqual({ videoid: 2, seconds: 95 });
  });

  it('starts a finished class again from its first video; a class without videos has no point', () => {
    const done = videos.map((v) => ({ ...v, iscomplete: true }));
    expect(classResumePoint(121, done, null)).toEqual({ videoid: 1, seconds: 0 });
    expect(classResumePoint(121, [], null)).toEqual({ videoid: null, seconds: null });
  });

  it('a last video watched to its end names no video: the player goes on to the next unfinished one', () => {
    expect(classResumePoint(121, videos, { contentsid: 121, videoid: 1, watchedtime: 300, duration: 300 })).toEqual({ videoid: null, seconds: null });
    expect(classResumePoint(121, videos, { contentsid: 121, videoid: 1, watchedtime: 120, duration: 300 })).toEqual({ videoid: 1, seconds: 120 });
  });
});
