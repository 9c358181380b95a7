import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isAppUrl, isExternalHttpUrl } from './navigation';

describe('isAppUrl', () => {
  const devEntry = 'http://localhost:5173/';
  const fileEntry = pathToFileURL('/opt/Atelier/resources/app.asar/out/renderer/index.html').href;

  it('allows pages of the dev server origin', () => {
    expect(isAppUrl('http://localhost:5173/admin?x=1', devEntry)).toBe(true);
  });

  it('refuses other origins than the dev server', () => {
    expect(isAppUrl('http://localhost:8787/', devEntry)).toBe(false);
    expect(isAppUrl('https://example.com/', devEntry)).toBe(false);
  });

  it('allows only the renderer page itself in the built app', () => {
    expect(isAppUrl(`${fileEntry}#/projects`, fileEntry)).toBe(true);
    expect(isAppUrl('file:///etc/passwd', fileEntry)).toBe(false);
    expect(isAppUrl('https://example.com/', fileEntry)).toBe(false);
  });

  it('refuses what is not a URL', () => {
    expect(isAppUrl('', fileEntry)).toBe(false);
    expect(isAppUrl('not a url', devEntry)).toBe(false);
  });
});

describe('isExternalHttpUrl', () => {
  it('opens http and https links in the system browser', () => {
    expect(isExternalHttpUrl('https://example.com/work')).toBe(true);
    expect(isExternalHttpUrl('http://example.com')).toBe(true);
  });

  it.each([
    ['javascript:alert(1)'],
    ['file:///etc/passwd'],
    ['smb://host/share'],
    ['mailto:a@b.c'],
    ['nonsense'],
  ])('never hands %j to the operating system', (url) => {
    expect(isExternalHttpUrl(url)).toBe(false);
  });
});

describe('isAppUrl with the app scheme', () => {
  const entry = 'app://atelier/index.html';
  it('allows the app’s own pages and nothing else', () => {
    expect(isAppUrl('app://atelier/index.html#x', entry)).toBe(true);
    expect(isAppUrl('app://other/index.html', entry)).toBe(false);
    expect(isAppUrl('https://atelier/index.html', entry)).toBe(false);
    expect(isAppUrl('file:///index.html', entry)).toBe(false);
  });
});
