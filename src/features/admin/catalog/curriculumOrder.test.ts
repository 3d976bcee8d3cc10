import { describe, expect, it } from 'vitest';
import { moveLecture, moveLectureToSection, moveSection, orderOf } from './curriculumOrder';

const lecture = (videoid: number, sectionid: number, hidden = false) => ({
  videoid,
  sectionid,
  title: `강의 ${videoid}`,
  durationsec: 0,
  ispreview: false,
  hidden,
  hasvideo: false,
  sort: videoid,
});
const order = orderOf({
  sections: [
    { sectionid: 1, title: '1부', sort: 1, lectures: [lecture(10, 1), lecture(11, 1, true), lecture(12, 1)] },
    { sectionid: 2, title: '2부', sort: 2, lectures: [lecture(20, 2)] },
  ],
});

describe('the curriculum order', () => {
  it('names every section and every lecture that is not hidden', () => {
    expect(order).toEqual([
      { sectionid: 1, videoids: [10, 12] },
      { sectionid: 2, videoids: [20] },
    ]);
  });
  it('moves a section up or down, not past either end', () => {
    expect(moveSection(order, 1, -1)?.map((s) => s.sectionid)).toEqual([2, 1]);
    expect(moveSection(order, 0, -1)).toBeNull();
    expect(moveSection(order, 1, 1)).toBeNull();
  });
  it('moves a lecture inside its section', () => {
    expect(moveLecture(order, 12, -1)?.[0]?.videoids).toEqual([12, 10]);
    expect(moveLecture(order, 10, -1)).toBeNull();
    expect(moveLecture(order, 20, 1)).toBeNull();
  });
  it('moves a lecture to the end of the previous section or the start of the next one', () => {
    expect(moveLectureToSection(order, 20, -1)).toEqual([
      { sectionid: 1, videoids: [10, 12, 20] },
      { sectionid: 2, videoids: [] },
    ]);
    expect(moveLectureToSection(order, 12, 1)).toEqual([
      { sectionid: 1, videoids: [10] },
      { sectionid: 2, videoids: [12, 20] },
    ]);
    expect(moveLectureToSection(order, 10, -1)).toBeNull();
  });
});
