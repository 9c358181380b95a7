import type { AccountShellData } from '@atelier/shared';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AccountApp } from './account/AccountApp';

const data = JSON.parse(document.getElementById('__DATA__')?.textContent ?? '{}') as AccountShellData;
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <BrowserRouter>
      <AccountApp data={data} />
    </BrowserRouter>,
  );
}
