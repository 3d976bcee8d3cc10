import { describe, expect, it } from 'vitest';
import { BUSINESS } from '../../../rules/business';
import { CHAT_CHANNEL_URL } from '../../../rules/chatChannel';
import { SOCIAL_LINKS } from './siteInfo';

describe('social and chat links', () => {
  it('come from the business details, one address per channel, each an https page', () => {
    const channels = Object.values(BUSINESS.channels);
    for (const href of [...SOCIAL_LINKS.map((s) => s.href), CHAT_CHANNEL_URL]) {
      expect(channels).toContain(href);
      expect(new URL(href).protocol).toBe('https:');
    }
    expect(CHAT_CHANNEL_URL).toBe(BUSINESS.channels.chat);
  });
});
