import type { PageData } from '@atelier/shared';
import './styles.css';
import { FlashToast } from './components/FlashToast';
import { Footer } from './components/Footer';
import { Header } from './components/Header';
import { useLiveSettings } from './lib/live-settings';
import * as Pages from './pages';

function Page({ data }: { data: PageData }) {
  switch (data.page) {
    case 'home':
      return <Pages.Home data={data} />;
    case 'about':
      return <Pages.About data={data} />;
    case 'projects':
      return <Pages.Projects data={data} />;
    case 'project':
      return <Pages.Project data={data} />;
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

/** The public site. The server picks the page and its data; the same data hydrates it in the browser. */
export function App({ data }: { data: PageData }) {
  const settings = useLiveSettings(data.settings);
  const page = { ...data, settings } as PageData;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header settings={settings} overPhoto={OVER_PHOTO.has(data.page)} />
      <main id="main" tabIndex={-1}>
        <Page data={page} />
      </main>
      <Footer settings={settings} />
      <FlashToast />
    </>
  );
}
