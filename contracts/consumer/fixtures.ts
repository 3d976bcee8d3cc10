/**
 * Example records the storefront expects, typed by the generated contract so a fixture that drifts from
 * openapi/storefront.yaml is a type error. Pact interactions wrap them in type matchers (`like`), so the
 * provider must return records of the same shape, not the same values.
 */
import type { components } from '../../src/api/schema.gen';

type S = components['schemas'];

export const lecture: S['Lecture'] = {
  contentsid: 101,
  title: '매트 필라테스 입문: 코어 안정화 8주 과정',
  subtitle: '호흡과 골반 정렬부터 시작하는 기초 과정',
  thumbnail: '/media/thumbs/101.svg',
  price: 120000,
  saleprice: 89000,
  isfree: false,
  itemtype: 'lecture',
  categoryid: 20,
  pcategoryid: 10,
  ctgrname: '매트 필라테스',
  teachername: '김하늘',
  videocount: 24,
  totalduration: 43200,
  ratingavg: 4.8,
  ratingcnt: 132,
  studentcnt: 1540,
  period: 180,
  regdate: '2024-03-02T09:00:00+09:00',
  tags: ['코어', '입문'],
};

export const banner: S['Banner'] = {
  bannerid: 1,
  title: '봄맞이 재활 필라테스 특강',
  imageurl: '/media/banners/1.svg',
  mobileimageurl: '/media/banners/1-m.svg',
  linkurl: '/classView/101',
  width: 1920,
  height: 560,
  alt: '봄맞이 재활 필라테스 특강 30% 할인',
  sortorder: 1,
};

export const review: S['Review'] = {
  reviewid: 501,
  contentsid: 101,
  lecturetitle: '매트 필라테스 입문: 코어 안정화 8주 과정',
  thumbnail: '/media/thumbs/101.svg',
  username: '박*연',
  ratescore: 5,
  content: '허리 통증이 많이 줄었어요. 설명이 친절합니다.',
  regdate: '2024-04-02T22:15:00+09:00',
};

export const stats: S['Stats'] = {
  membercnt: 12840,
  lecturecnt: 86,
  studentcnt: 23110,
  reviewcnt: 4120,
  teachercnt: 24,
  ratingavg: 4.7,
};

export const category: S['Category'] = {
  id: 1,
  categoryid: 10,
  pcategoryid: 10,
  parentID: 0,
  ctgrname: '필라테스',
  ctgrengname: 'Pilates',
  hasChildren: true,
};

export const notice: S['Notice'] = {
  noticeid: 12,
  isnotice: 1,
  title: '3월 온라인 클래스 업데이트 안내',
  content: '<p>재활 필라테스 신규 클래스가 오픈되었습니다.</p>',
  istop: true,
  writer: '관리자',
  regdate: '2024-03-01T10:00:00+09:00',
  viewcnt: 318,
  files: [],
};
