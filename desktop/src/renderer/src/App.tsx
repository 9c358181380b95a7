import { type FormEvent, useEffect, useId, useState } from 'react';
import { type AppInfo, ServerUrl } from '../../shared/ipc';
import { remoteErrorMessage, type ServerHealth } from './lib/server-health';
import { useServerHealth } from './lib/use-server-health';

const PLATFORM_NAMES: Record<string, string> = { darwin: 'macOS', win32: 'Windows', linux: 'Linux' };

export function App() {
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [infoError, setInfoError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const { health, retry } = useServerHealth(info?.serverUrl);

  useEffect(() => {
    window.atelier.getAppInfo().then(setInfo, (error: unknown) => setInfoError(remoteErrorMessage(error)));
  }, []);

  return (
    <main className="start">
      <header className="brand">
        <h1 className="wordmark">Atelier</h1>
        <p className="tagline">Studio desktop</p>
      </header>

      {infoError ? (
        <p className="error" role="alert">
          The app could not read its settings: {infoError}
        </p>
      ) : (
        <section className="panel" aria-label="Server connection">
          <dl className="facts">
            <div className="fact">
              <dt>Server</dt>
              <dd>
                <span className="url">{info?.serverUrl ?? '…'}</span>
                {info && !editing && (
                  <button type="button" className="quiet" onClick={() => setEditing(true)}>
                    Change
                  </button>
                )}
              </dd>
            </div>
            <div className="fact">
              <dt>Status</dt>
              <dd>
                <HealthStatus health={health} onRetry={retry} />
              </dd>
            </div>
          </dl>
          {info && editing && (
            <ServerUrlForm
              current={info.serverUrl}
              onSaved={(serverUrl) => {
                setInfo({ ...info, serverUrl });
                setEditing(false);
              }}
              onCancel={() => setEditing(false)}
            />
          )}
        </section>
      )}

      <p className="note">The admin panel arrives in a later release.</p>
      {info && (
        <footer className="footer">
          Version {info.version} · {PLATFORM_NAMES[info.platform] ?? info.platform}
        </footer>
      )}
    </main>
  );
}

function HealthStatus({ health, onRetry }: { health: ServerHealth; onRetry: () => void }) {
  return (
    <span className="status" role="status" aria-live="polite">
      {health.state === 'checking' && <span className="muted">Checking the server…</span>}
      {health.state === 'connected' && (
        <>
          <span className="dot dot-ok" aria-hidden="true" />
          Connected — version {health.version}
          {health.degraded && <span className="muted"> (degraded)</span>}
        </>
      )}
      {health.state === 'unreachable' && (
        <>
          <span className="dot dot-down" aria-hidden="true" />
          Server unreachable
          <span className="muted"> {health.reason}</span>
          <button type="button" className="quiet" onClick={onRetry}>
            Retry
          </button>
        </>
      )}
    </span>
  );
}

function ServerUrlForm({
  current,
  onSaved,
  onCancel,
}: {
  current: string;
  onSaved: (serverUrl: string) => void;
  onCancel: () => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ServerUrl.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a valid server URL.');
      return;
    }
    setSaving(true);
    try {
      const settings = await window.atelier.setServerUrl(parsed.data);
      onSaved(settings.serverUrl);
    } catch (failure) {
      setError(remoteErrorMessage(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="server-form" onSubmit={save} noValidate>
      <label htmlFor={inputId}>Server URL</label>
      <input
        id={inputId}
        type="url"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-describedby={hintId}
        aria-invalid={error ? true : undefined}
        spellCheck={false}
        autoComplete="off"
        // biome-ignore lint/a11y/noAutofocus: the field is opened on purpose by the Change button
        autoFocus
      />
      <p id={hintId} className="muted hint">
        This release reaches servers on this computer only (127.0.0.1 or localhost).
      </p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
