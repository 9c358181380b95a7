import { useEffect, useState } from 'react';
import type { SyncLink, SyncLinkTarget } from '../../../shared/ipc';
import { call, messageOf, on } from '../lib/bridge';

const STATE: Record<SyncLink['state'], string> = {
  watching: 'Watching',
  paused: 'Paused',
  missing: 'Folder missing',
};

type Folder = { id: string; name: string; children?: Folder[] };

/** Where a watched folder can send its files: the library, its folders, and the latest projects' images. */
async function destinations(): Promise<SyncLinkTarget[]> {
  const [folders, projects] = await Promise.all([
    call('api:request', { path: '/api/admin/media/folders' }) as Promise<{ items: Folder[] }>,
    call('api:request', {
      path: '/api/admin/projects',
      query: { sort: 'created_at', order: 'desc' },
    }) as Promise<{ items: { id: string; title: string }[] }>,
  ]);
  const media: SyncLinkTarget[] = [{ kind: 'media', folderId: null, label: 'Media library' }];
  const walk = (items: Folder[], above: string) => {
    for (const folder of items) {
      const label = `${above} / ${folder.name}`;
      media.push({ kind: 'media', folderId: folder.id, label });
      walk(folder.children ?? [], label);
    }
  };
  walk(folders.items, 'Media library');
  return [
    ...media,
    ...projects.items.map(
      (project): SyncLinkTarget => ({
        kind: 'project',
        projectId: project.id,
        label: `${project.title} (project images)`,
      }),
    ),
  ];
}

/**
 * Watched folders: folders on this computer kept in sync with a media folder or a project's images. New
 * photographs in them go through the upload queue; nothing deleted on the disk is deleted on the server.
 */
export function SyncPanel() {
  const [links, setLinks] = useState<SyncLink[]>([]);
  const [open, setOpen] = useState(false);
  const [targets, setTargets] = useState<SyncLinkTarget[] | null>(null);
  const [chosen, setChosen] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const stop = on('sync:changed', setLinks);
    void call('sync:get').then(setLinks);
    return stop;
  }, []);

  useEffect(() => {
    if (!open || targets) return;
    destinations().then(setTargets, (error: unknown) => setProblem(messageOf(error)));
  }, [open, targets]);

  const missing = links.filter((link) => link.state === 'missing').length;
  if (!open) {
    return (
      <button type="button" className="sync-open" onClick={() => setOpen(true)}>
        Sync folders{links.length > 0 ? ` · ${links.length}` : ''}
        {missing > 0 ? ` · ${missing} missing` : ''}
      </button>
    );
  }

  const keepInSync = async () => {
    const target = targets?.[chosen];
    if (!target) return;
    setProblem(null);
    try {
      await call('sync:add', { target });
    } catch (error) {
      setProblem(messageOf(error));
    }
  };
  const control = (action: 'pause' | 'resume' | 'remove', id: string) =>
    void call('sync:control', { action, id });

  return (
    <section className="uploads" aria-label="Sync folders">
      <header>
        <h2>Sync folders</h2>
        <button type="button" onClick={() => setOpen(false)}>
          Hide
        </button>
      </header>
      {links.length === 0 && (
        <p className="muted sync-intro">
          Link a folder on this computer: new photographs in it are uploaded as they arrive. Nothing you
          delete there is deleted in Atelier.
        </p>
      )}
      <ul>
        {links.map((link) => {
          const folderName = link.dir.split(/[\\/]/).filter(Boolean).pop() ?? link.dir;
          return (
            <li key={link.id} aria-label={folderName}>
              <div className="row">
                <span className="name" title={link.dir}>
                  {folderName}
                </span>
                <span className={link.state === 'missing' ? 'error' : 'muted'}>{STATE[link.state]}</span>
                {link.state === 'paused' ? (
                  <button
                    type="button"
                    onClick={() => control('resume', link.id)}
                    aria-label={`Resume ${folderName}`}
                  >
                    Resume
                  </button>
                ) : (
                  <button
                    type="button"
                    onClick={() => control('pause', link.id)}
                    aria-label={`Pause ${folderName}`}
                  >
                    Pause
                  </button>
                )}
                <button
                  type="button"
                  onClick={() => control('remove', link.id)}
                  aria-label={`Remove ${folderName}`}
                >
                  Remove
                </button>
              </div>
              <span className="muted">
                To {link.target.label} · {link.sent} {link.sent === 1 ? 'file' : 'files'} sent
                {link.state === 'missing' &&
                  ' · reconnect the disk or put the folder back; it is watched again'}
              </span>
              {link.error && <span className="error">{link.error}</span>}
            </li>
          );
        })}
      </ul>
      <div className="sync-add">
        <label>
          Send new files to
          <select
            value={chosen}
            disabled={!targets}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {(targets ?? []).map((target, index) => (
              <option key={`${target.kind}:${index}`} value={index}>
                {target.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="primary" disabled={!targets} onClick={() => void keepInSync()}>
          Keep in sync…
        </button>
        {problem && (
          <p className="error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </section>
  );
}
