import type { PageData } from '@atelier/shared';
import './styles.css';
import { FlashToast } from './components/FlashToast';
import { LiveFooter, LiveHeader } from './components/SiteChrome';
import { Island } from './islands/Island';
import * as Pages from './pages';

function Page({ data }: { data: PageData }) {
  switch (data.page) {
    case 'home':
      return <Pages.Home data={data} />;
    case 'about':
      return <Pages.About data={data} />;
    case 'projects':
      return <Pages.Projects data={data} />;
    case 'project': {
      // The slideshow, the figures and the viewer share the page's state: the page is one island.
      const { project, related, neighbours, categories } = data;
      return (
        <Island
          name="project"
          component={Pages.Project}
          props={{ data: { project, related, neighbours, categories } }}
        />
      );
    }
    case 'services':
      return <Pages.Services data={data} />;
    case 'service':
      return <Pages.Service data={data} />;
    case 'blog':
      return <Pages.Blog data={data} />;
    case 'blog-post':
      return <Pages.BlogPost data={data} />;
    case 'contact':
      return <Pages.Contact data={data} />;
    case 'not-found':
      return <Pages.NotFound data={data} />;
  }
}

/** Pages whose first section is a full-bleed photograph under a transparent header. */
const OVER_PHOTO = new Set<PageData['page']>(['home', 'project']);

/**
 * The public site, rendered on the server. The server picks the page and its data; in the browser only
 * its islands (islands/Island.tsx) are hydrated: the header and footer (they follow the live settings),
 * the flash toast and the page's own interactive parts. The rest stays the server's HTML.
 */
export function App({ data }: { data: PageData }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Island name="header" component={LiveHeader} props={{ overPhoto: OVER_PHOTO.has(data.page) }} />
      <main id="main" tabIndex={-1}>
        <Page data={data} />
      </main>
      <Island name="footer" component={LiveFooter} props={{}} />
      <Island name="flash" component={FlashToast} props={{}} />
    </>
  );
}
