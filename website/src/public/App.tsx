import type { PageData } from '@atelier/shared';
import { Footer } from './components/Footer';
import { Header } from './components/Header';
import { Home } from './pages/Home';
import { NotFound } from './pages/NotFound';
import './styles.css';

/** The public site. The server picks the page and its data; the same data hydrates it in the browser. */
export function App({ data }: { data: PageData }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header settings={data.settings} overHero={data.page === 'home'} />
      <main id="main">{data.page === 'home' ? <Home data={data} /> : <NotFound />}</main>
      <Footer settings={data.settings} />
    </>
  );
}
