import { describe, expect, it } from 'vitest';
import { continuePoint } from './continueLearning';

const now = new Date('2024-05-01T03:00:00Z');
const last = {
  useruid: 'u-demo-1',
  contentsid: 101,
  videoid: 10112,
  lecturetitle: '매트 필라테스 입문',
  videotitle: '골반 중립 찾기',
  watchedtime: 754,
  duration: 1500,
  updatedate: '2024-04-30T21:10:00+09:00',
  thumbnail: '/media/thumbs/101.svg',
  expiredate: '2024-07-01T00:00:00+09:00',
};

describe('continuePoint', () => {
  it('opens the last lecture at its second, with the clock and the watched share', () => {
    expect(continuePoint(last, now)).toMatchObject({
      contentsid: 101,
      videoid: 10112,
      seconds: 754,
      classTitle: '매트 필라테스 입문',
      lectureTitle: '골반 중립 찾기',
      clock: '12:34 / 25:00',
      percent: 50,
    });
  });

  it('a lecture watched to its last seconds shows whole, and the link leaves the next video to the player', () => {
    expect(continuePoint({ ...last, watchedtime: 1497 }, now)).toMatchObject({ videoid: null, seconds: 0, clock: '25:00 / 25:00', percent: 100 });
  });

  it('shows nothing before any watching, for a class no longer owned, or once its period is over', () => {
    expect(continuePoint(null, now)).toBeUndefined();
    expect(continuePoint({ ...last, expiredate: null }, now)).toBeUndefined();
    expect(continuePoint({ ...last, expiredate: '2024-04-10T10:01:00+09:00' }, now)).toBeUndefined();
  });
});
