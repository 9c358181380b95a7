import MarkdownIt from 'markdown-it';

/**
 * Markdown to HTML for blog posts, safe by construction: raw HTML in the text is escaped (html: false) and
 * markdown-it refuses javascript:, vbscript:, file: and most data: links. Plain paragraphs separated by a
 * blank line stay plain paragraphs, so posts written before Markdown read the same.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

// Links to other sites open without handing them this page (and without passing on ranking).
const defaultLinkOpen = markdown.renderer.rules.link_open;
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const href = String(tokens[index]?.attrGet('href') ?? '');
  if (/^https?:\/\//i.test(href)) tokens[index]?.attrSet('rel', 'noopener nofollow');
  return defaultLinkOpen
    ? defaultLinkOpen(tokens, index, options, env, self)
    : self.renderToken(tokens, index, options);
};

export const renderMarkdown = (text: string): string => markdown.render(text);
