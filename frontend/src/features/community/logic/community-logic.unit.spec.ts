import { describe, expect, it } from '@jest/globals';
import { linkSegments } from './link-segments';
import { reactionCountsText, toggledReaction } from './reactions';
import { limitState, sendable } from './text-limit';

const joined = (text: string) => linkSegments(text).map((segment) => segment.text).join('');
const links = (text: string) => linkSegments(text).flatMap((segment) => (segment.kind === 'link' ? [segment.href] : []));

describe('linkSegments', () => {
  it('makes https addresses links and keeps every other character as text, line breaks included', () => {
    const text = 'Our clinic:\nhttps://example.org/puv?x=1#top and the leaflet https://nhs.uk/a.\nThanks!';
    expect(links(text)).toEqual(['https://example.org/puv?x=1#top', 'https://nhs.uk/a']);
    expect(joined(text)).toBe(text);
    expect(linkSegments('see https://a.org/x')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://a.org/x', href: 'https://a.org/x' },
    ]);
  });

  it('leaves other schemes as text: http, javascript, data, and https without a host or with credentials', () => {
    for (const text of ['http://a.org', 'javascript:alert(1)', 'data:text/html,<b>x</b>', 'https://', 'https://user:pw@a.org', 'xhttps://a.org', '<a href="https://a.org">x</a>x']) {
      expect(links(text).filter((href) => !href.startsWith('https://a.org'))).toEqual([]);
      expect(joined(text)).toBe(text);
    }
    expect(links('javascript:alert(1)')).toEqual([]);
    expect(links('https://user:pw@a.org')).toEqual([]);
  });

  it('ends an address before closing punctuation that is not its own', () => {
    expect(links('(see https://a.org/x)')).toEqual(['https://a.org/x']);
    expect(links('https://en.wikipedia.org/wiki/Valve_(anatomy)')).toEqual(['https://en.wikipedia.org/wiki/Valve_(anatomy)']);
    expect(links('Look: https://a.org/x!?')).toEqual(['https://a.org/x']);
    expect(joined('(see https://a.org/x).')).toBe('(see https://a.org/x).');
  });
});

describe('limitState', () => {
  it('counts up to the limit, then says how many characters are too many', () => {
    expect(limitState('', 200)).toEqual({ length: 0, over: false, label: '0 / 200' });
    expect(limitState('a'.repeat(200), 200).over).toBe(false);
    expect(limitState('a'.repeat(201), 200)).toEqual({ length: 201, over: true, label: '1 character too many' });
    expect(limitState('a'.repeat(205), 200).label).toBe('5 characters too many');
  });
  it('sends only text with something besides spaces, within the limit', () => {
    expect(sendable('  \n ', 10)).toBe(false);
    expect(sendable('hi', 10)).toBe(true);
    expect(sendable('a'.repeat(11), 10)).toBe(false);
  });
});

describe('toggledReaction', () => {
  const none = { counts: { like: 2, thank_you: 0, helpful: 1 }, mine: [] };
  it('presses a reaction (count up) and releases it again (count back)', () => {
    const liked = toggledReaction(none, 'like');
    expect(liked).toEqual({ counts: { like: 3, thank_you: 0, helpful: 1 }, mine: ['like'] });
    expect(toggledReaction(liked, 'like')).toEqual(none);
  });
  it('keeps the other reactions of the user, in the spec order, and never counts below 0', () => {
    expect(toggledReaction({ counts: { like: 0, thank_you: 0, helpful: 1 }, mine: ['helpful'] }, 'like').mine).toEqual(['like', 'helpful']);
    expect(toggledReaction({ counts: { like: 0, thank_you: 0, helpful: 0 }, mine: ['like'] }, 'like').counts.like).toBe(0);
  });
  it('reads the counts for a card', () => {
    expect(reactionCountsText(none)).toBe('2 Like, 1 Helpful');
    expect(reactionCountsText({ counts: { like: 0, thank_you: 0, helpful: 0 }, mine: [] })).toBe('');
  });
});
