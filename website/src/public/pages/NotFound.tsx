import type { PageOf } from '@atelier/shared';

/** The texts of each not-found screen: an unknown path, or a detail page whose item does not exist. */
const SCREENS = {
  page: {
    eyebrow: 'Error 404',
    title: 'Page Not Found',
    text: 'The page you are looking for does not exist or has moved.',
    links: [
      { href: '/', label: 'Back to Home' },
      { href: '/contact', label: 'Contact Support' },
    ],
  },
  project: {
    eyebrow: 'Error Loading Project',
    title: 'Project not found',
    text: 'This project does not exist, or it is not published.',
    links: [{ href: '/projects', label: 'Return to All Projects' }],
  },
  service: {
    eyebrow: 'Services',
    title: 'Service Not Found',
    text: "The requested service doesn't exist or has been removed.",
    links: [{ href: '/services', label: 'Back to Services' }],
  },
  'blog-post': {
    eyebrow: 'Error Loading Blog Post',
    title: 'Blog post not found',
    text: 'This post does not exist, or it is not published.',
    links: [{ href: '/blog', label: 'Return to Blog' }],
  },
} as const;

export function NotFound({ data }: { data: PageOf<'not-found'> }) {
  const screen = SCREENS[data.missing ?? 'page'];
  return (
    <section className="not-found">
      <p className="eyebrow">{screen.eyebrow}</p>
      <h1>{screen.title}</h1>
      <p className="muted">{screen.text}</p>
      <div className="not-found__actions">
        {screen.links.map((link, index) => (
          <a key={link.href} className={`button${index > 0 ? ' button--outline' : ''}`} href={link.href}>
            {link.label}
          </a>
        ))}
      </div>
    </section>
  );
}
