import { AdminApp, type AdminPlatform } from '@atelier/website/admin';
import { useEffect, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { AppInfo, ServerCheck } from '../../shared/ipc';
import { ConnectionBanner } from './components/ConnectionBanner';
import { ConnectScreen } from './components/ConnectScreen';
import { KeychainNotice } from './components/KeychainNotice';
import { SyncPanel } from './components/SyncPanel';
import { UploadPanel } from './components/UploadPanel';
import { call, messageOf, on } from './lib/bridge';
import { createDesktopPlatform } from './lib/desktop-platform';

/**
 * The desktop app: "Connect to your studio" until a server answers, then the admin panel of the
 * website (mounted unchanged with the desktop platform) and the upload queue.
 */
export function App() {
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [check, setCheck] = useState<ServerCheck | null>(null);
  const [switching, setSwitching] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    call('app:info').then(
      async (appInfo) => {
        setInfo(appInfo);
        if (!appInfo.firstRun) setCheck(await call('server:check'));
        else setSwitching(true);
      },
      (error: unknown) => setFailure(messageOf(error)),
    );
    return on('command', (command) => {
      if (command === 'switch-server') setSwitching(true);
    });
  }, []);

  if (failure) {
    return (
      <div className="start-screen">
        <p className="error start" role="alert">
          The app could not read its settings: {failure}
        </p>
      </div>
    );
  }
  if (!info || (!check && !switching)) {
    return (
      <div className="start-screen">
        <p className="muted" role="status">
          Checking the server…
        </p>
      </div>
    );
  }
  const connected = check?.state === 'connected';
  if (switching || !connected) {
    return (
      <ConnectScreen
        current={info.serverUrl}
        problem={check && check.state !== 'connected' ? check.reason : null}
        version={info.version}
        onConnected={(serverUrl, result) => {
          setInfo({ ...info, serverUrl, lastPage: serverUrl === info.serverUrl ? info.lastPage : undefined });
          setCheck(result);
          setSwitching(false);
        }}
        onCancel={connected ? () => setSwitching(false) : undefined}
      />
    );
  }
  return (
    <Workspace
      key={info.serverUrl}
      serverUrl={info.serverUrl}
      firstPage={info.lastPage}
      keychain={info.keychain}
    />
  );
}

/**
 * The admin panel in a memory router (no URL bar here), with the app's menu commands and drops; above it,
 * the banner of a lost connection; in the corner, the no-keychain notice, the upload queue and the watched folders.
 */
function Workspace({
  serverUrl,
  firstPage,
  keychain,
}: {
  serverUrl: string;
  firstPage?: string;
  keychain: boolean;
}) {
  const [{ router, platform }] = useState(() => {
    let platform: AdminPlatform | undefined;
    const router = createMemoryRouter([{ path: '*', element: <AdminAppRoute get={() => platform!} /> }], {
      initialEntries: [firstPage ?? '/admin/dashboard'],
    });
    platform = createDesktopPlatform({ serverUrl, navigate: (path) => void router.navigate(path) });
    return { router, platform };
  });
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    // The last page, so the next start opens where the user left off.
    const stopRouter = router.subscribe(({ location }) => {
      const path = `${location.pathname}${location.search}`;
      if (path.startsWith('/admin')) void call('app:last-page', { path });
    });
    const stopNavigate = on('navigate', (path) => void router.navigate(path));
    const stopCommands = on('command', (command) => {
      if (command === 'add-files' || command === 'add-folder') {
        void call('uploads:pick', {
          target: { folderId: null, bucket: 'projects' },
          folders: command === 'add-folder',
        });
      } else if (command === 'sign-out') {
        void platform.session.signOut('local');
      } else if (command === 'sign-out-everywhere') {
        if (window.confirm('Sign out of Atelier on every device, this one included?')) {
          void platform.session.signOut('global');
        }
      }
    });
    return () => {
      stopRouter();
      stopNavigate();
      stopCommands();
    };
  }, [router, platform]);

  useEffect(() => {
    // Files dropped anywhere the admin panel does not take them go to the media library's root. Without
    // this, Chromium would open a dropped file in the window.
    const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
    const over = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (event.relatedTarget === null) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      setDragging(false);
      if (!hasFiles(event) || event.defaultPrevented) {
        event.preventDefault();
        return;
      }
      event.preventDefault();
      addDropped(Array.from(event.dataTransfer?.files ?? []));
    };
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, []);

  return (
    <>
      <ConnectionBanner />
      <RouterProvider router={router} />
      <div className="dock">
        {!keychain && <KeychainNotice />}
        <UploadPanel dragging={dragging} onDropFiles={addDropped} />
        <SyncPanel />
      </div>
    </>
  );
}

function AdminAppRoute({ get }: { get: () => AdminPlatform }) {
  return <AdminApp platform={get()} />;
}

/** Dropped files and folders, by their paths on disk: main walks folders and uploads from there. */
function addDropped(files: File[]) {
  const paths = files.map((file) => window.atelier.pathForFile(file)).filter(Boolean);
  if (paths.length > 0) void call('uploads:add', { paths, target: { folderId: null, bucket: 'projects' } });
}
