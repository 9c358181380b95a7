import type { PageData } from '@atelier/shared';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './public/App';

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
