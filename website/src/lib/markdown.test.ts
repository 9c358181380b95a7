import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('keeps plain paragraphs as paragraphs', () => {
    expect(renderMarkdown('First paragraph.\n\nSecond paragraph.')).toBe(
      '<p>First paragraph.</p>\n<p>Second paragraph.</p>\n',
    );
  });

  it('renders headings, emphasis and lists', () => {
    const html = renderMarkdown('## Materials\n\n- **Brick**\n- Thatch');
    expect(html).toContain('<h2>Materials</h2>');
    expect(html).toContain('<li><strong>Brick</strong></li>');
  });

  it('escapes raw HTML instead of passing it through', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('refuses javascript: links and marks links to other sites', () => {
    expect(renderMarkdown('[x](javascript:alert(1))')).not.toContain('href="javascript:');
    expect(renderMarkdown('[studio](https://example.com)')).toContain(
      '<a href="https://example.com" rel="noopener nofollow">studio</a>',
    );
    expect(renderMarkdown('[contact](/contact)')).toContain('<a href="/contact">contact</a>');
  });
});
