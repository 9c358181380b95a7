import { describe, expect, it } from 'vitest';
import { initials } from './initials';
import { pagerWindow, totalPages } from './pager';
import { passwordProblem } from './password';
import { excerpt, paragraphs } from './text';
import { youtubeId } from './youtube';

describe('youtubeId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=10', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('extracts the id from %s', (url, id) => {
    expect(youtubeId(url)).toBe(id);
  });

  it.each([
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQQ',
    'https://vimeo.com/dQw4w9WgXcQ',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'not a url',
    '',
  ])('rejects %s', (url) => {
    expect(youtubeId(url)).toBeNull();
  });
});

describe('pagerWindow', () => {
  it('shows every page when there are at most five', () => {
    expect(pagerWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('puts an ellipsis before the last page when far from the end', () => {
    expect(pagerWindow(1, 12)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 12]);
  });
  it('centres the window on the current page with ellipses on both sides', () => {
    expect(pagerWindow(6, 12)).toEqual([1, 'ellipsis-start', 4, 5, 6, 7, 8, 'ellipsis-end', 12]);
  });
  it('keeps five pages at the end', () => {
    expect(pagerWindow(12, 12)).toEqual([1, 'ellipsis-start', 8, 9, 10, 11, 12]);
  });
  it('clamps a page past the end and handles empty lists', () => {
    expect(pagerWindow(40, 3)).toEqual([1, 2, 3]);
    expect(pagerWindow(1, 0)).toEqual([]);
    expect(totalPages(41, 20)).toBe(3);
    expect(totalPages(0, 20)).toBe(1);
  });
});

describe('initials', () => {
  it('uses first and last name', () =>
    expect(initials({ first_name: 'chikondi', last_name: 'banda' })).toBe('CB'));
  it('falls back to the e-mail', () => expect(initials({ first_name: 'Chikondi' }, 'mw@x.mw')).toBe('MW'));
  it('falls back to U', () => expect(initials({})).toBe('U'));
});

describe('passwordProblem', () => {
  it.each([
    ['Sh0rt!', 'Password must be at least 8 characters long'],
    ['lowercase1!', 'Password must contain at least one uppercase letter'],
    ['UPPERCASE1!', 'Password must contain at least one lowercase letter'],
    ['NoDigits!!', 'Password must contain at least one number'],
    ['NoSpecial12', 'Password must contain at least one special character'],
  ])('rejects %s', (password, message) => expect(passwordProblem(password)).toBe(message));
  it('accepts a strong password', () => expect(passwordProblem('Kanengo#2026')).toBeNull());
  it.each(['Kanengo-2026', 'Kanengo 2026', 'Kanengo_2026', 'Kanengo~2026'])(
    'takes any non-alphanumeric character as the special one: %s',
    (password) => expect(passwordProblem(password)).toBeNull(),
  );
  it('takes no letter or digit of another script as the special one', () =>
    expect(passwordProblem('Kanengoé2026')).toBe('Password must contain at least one special character'));
});

describe('text helpers', () => {
  it('splits paragraphs on blank lines or on lines', () => {
    expect(paragraphs('a\n\n b \n\n\nc')).toEqual(['a', 'b', 'c']);
    expect(paragraphs('a\nb\n\nc', true)).toEqual(['a', 'b', 'c']);
  });
  it('cuts an excerpt on a word boundary', () => {
    const text = 'Deep overhangs shade the verandah from the afternoon sun over Lilongwe';
    const cut = excerpt(text, 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut.endsWith('…')).toBe(true);
    expect(text.startsWith(cut.slice(0, -1))).toBe(true);
    expect(excerpt('short', 40)).toBe('short');
  });
  it('ends an excerpt after a whole sentence when one keeps more than half', () => {
    const text = 'We design houses that stay cool. They use local brick and deep verandas.';
    expect(excerpt(text, 50)).toBe('We design houses that stay cool.');
  });
  it('never cuts inside a word, whatever the limit', () => {
    const text = 'Architectural design from the first sketch to handover, with site visits throughout';
    const bare = (word: string) => word.replace(/[,.…]+$/, '');
    const words = new Set(text.split(' ').map(bare));
    for (let max = 15; max < text.length; max++) {
      const cut = excerpt(text, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      for (const word of cut.split(' ')) expect(words.has(bare(word)), `${max}: ${cut}`).toBe(true);
    }
  });
});
