import { describe, expect, it } from 'vitest';
import { BANNER_MESSAGES, checkBanner, type BannerFormValues } from './bannerFields';

const valid: BannerFormValues = { title: ' 봄 특강 ', subtitle: '', imageurl: '/media/banners/u-0123456789abcdef01234567.png', mobileimageurl: null, linkurl: '' };

describe('the banner form', () => {
  it('sends trimmed text and no link for an empty one', () => {
    expect(checkBanner(valid)).toEqual({ input: { ...valid, title: '봄 특강', linkurl: null } });
    expect(checkBanner({ ...valid, linkurl: ' /classList/21/2 ' }).input?.linkurl).toBe('/classList/21/2');
    expect(checkBanner({ ...valid, linkurl: 'https://example.kr/event' }).input?.linkurl).toBe('https://example.kr/event');
  });

  it('says beside the link field what the store would drop', () => {
    for (const linkurl of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'java\tscript:x', 'www.example.kr'])
      expect(checkBanner({ ...valid, linkurl }).errors?.linkurl, linkurl).toBe(BANNER_MESSAGES.link);
  });

  it('asks for a title and a picture', () => {
    expect(checkBanner({ ...valid, title: '  ', imageurl: '' }).errors).toEqual({ title: BANNER_MESSAGES.title, imageurl: BANNER_MESSAGES.image });
  });
});
