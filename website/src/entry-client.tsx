import type { PageData } from '@atelier/shared';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './public/App';
import { setAccountMenuLoader } from './public/lib/account-menu';

// A signed-in visitor's account menu comes from the account area, loaded after the page.
setAccountMenuLoader(() => import('./account/PublicAccount'));

const data = JSON.parse(document.getElementById('__DATA__')?.textContent ?? '{}') as PageData;
const root = document.getElementById('root');
if (root) {
  hydrateRoot(
    root,
    <BrowserRouter>
      <App data={data} />
    </BrowserRouter>,
  );
}
