import { type FormEvent, useId, useState } from 'react';
import { type ServerCheck, ServerUrl } from '../../../shared/ipc';
import { call, messageOf } from '../lib/bridge';

const DEFAULT_SERVER = 'http://127.0.0.1:8787';

/**
 * "Connect to your studio": the server address, checked by main against /api/health before it is
 * saved. Shown on first run, when the saved server cannot be used, and from File › Switch Server.
 */
export function ConnectScreen({
  current,
  problem,
  version,
  onConnected,
  onCancel,
}: {
  current: string | null;
  /** Why the saved server cannot be used, when that is why this screen shows. */
  problem: string | null;
  version: string;
  onConnected: (serverUrl: string, check: ServerCheck) => void;
  onCancel?: () => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const [value, setValue] = useState(current ?? DEFAULT_SERVER);
  const [error, setError] = useState<string | null>(problem);
  const [busy, setBusy] = useState(false);

  async function connect(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ServerUrl.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a valid server address.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const check = await call('server:connect', parsed.data);
      if (check.state === 'connected') onConnected(parsed.data, check);
      else setError(check.reason);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="start-screen">
      <main className="start">
        <header className="brand">
          <h1 className="wordmark">Atelier</h1>
          <p className="tagline">Connect to your studio</p>
        </header>
        <section className="panel" aria-label="Server connection">
          <form className="server-form" onSubmit={connect} noValidate>
            <label htmlFor={inputId}>Server address</label>
            <input
              id={inputId}
              type="url"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              aria-describedby={hintId}
              aria-invalid={error ? true : undefined}
              spellCheck={false}
              autoComplete="off"
              // biome-ignore lint/a11y/noAutofocus: the only field of the screen
              autoFocus
            />
            <p id={hintId} className="muted hint">
              The address of the studio's Atelier server, such as {DEFAULT_SERVER}.
            </p>
            {error && (
              <p className="error" role="alert">
                {error}
              </p>
            )}
            <div className="actions">
              <button type="submit" className="primary" disabled={busy}>
                {busy ? 'Connecting…' : 'Connect'}
              </button>
              {onCancel && (
                <button type="button" className="quiet" onClick={onCancel}>
                  Cancel
                </button>
              )}
            </div>
          </form>
        </section>
        <footer className="footer">Version {version}</footer>
      </main>
    </div>
  );
}
