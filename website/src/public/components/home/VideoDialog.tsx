import { youtubeWatchUrl } from '@atelier/shared';
import { useEffect, useRef, useState } from 'react';
import { Picture } from '../Picture';
import { type Film, videoTypeLabel } from './media';
import { playerUrl, usePlayerStatus } from './youtube-player';

/** How long the player may take to say it is ready before the dialog offers YouTube instead. */
const PLAYER_PATIENCE_MS = 8000;

/**
 * The modal player of a featured video (a native dialog: focus is held inside, Escape closes it). The
 * poster stays until the player is ready; if it never is (YouTube unreachable, video removed), the dialog
 * says so and offers the video on YouTube.
 */
export function VideoDialog({ video, onClose }: { video: Film | null; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [gaveUp, setGaveUp] = useState(false);
  const id = video?.youtubeId ?? null;
  const status = usePlayerStatus(frameRef, id);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (video && !dialog.open) dialog.showModal();
    if (!video && dialog.open) dialog.close();
  }, [video]);

  // A click on the backdrop (the dialog element itself, outside its panel) closes it; Escape is native.
  useEffect(() => {
    const dialog = dialogRef.current;
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) dialog?.close();
    };
    dialog?.addEventListener('click', onClick);
    return () => dialog?.removeEventListener('click', onClick);
  }, []);

  useEffect(() => {
    setGaveUp(false);
    if (!id) return;
    const timer = window.setTimeout(() => setGaveUp(true), PLAYER_PATIENCE_MS);
    return () => window.clearTimeout(timer);
  }, [id]);

  const shown = status === 'ready' || status === 'playing';
  const failed = status === 'error' || (gaveUp && !shown);

  return (
    <dialog ref={dialogRef} className="film-dialog" aria-labelledby="film-dialog-title" onClose={onClose}>
      {video && (
        <div className="film-dialog__panel">
          <div className="film-dialog__head">
            <div>
              <p className="eyebrow film-dialog__type">{videoTypeLabel(video)}</p>
              <h2 id="film-dialog-title" className="film-dialog__title">
                {video.title}
              </h2>
            </div>
            <button
              type="button"
              className="film-dialog__close"
              aria-label="Close video"
              onClick={() => dialogRef.current?.close()}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M5 5l14 14M19 5 5 19" />
              </svg>
            </button>
          </div>
          <div className="film-dialog__stage">
            <Picture
              decorative
              className="film-dialog__poster"
              src={video.poster}
              alt=""
              sizes="(min-width: 1100px) 1040px, 100vw"
            />
            {id && !failed && (
              <iframe
                ref={frameRef}
                className={`film-dialog__frame${shown ? ' is-shown' : ''}`}
                src={playerUrl(id, { autoplay: 1, rel: 0, modestbranding: 1, playsinline: 1 })}
                title={`Video player: ${video.title}`}
                allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
                tabIndex={shown ? 0 : -1}
                referrerPolicy="strict-origin-when-cross-origin"
              />
            )}
            {!shown && (
              <p className={`film-dialog__status${!id || failed ? ' is-final' : ''}`} role="status">
                {!id
                  ? 'Invalid YouTube URL'
                  : failed
                    ? 'The player could not be loaded here. You can watch the film on YouTube.'
                    : 'Loading the video…'}
              </p>
            )}
          </div>
          <div className="film-dialog__foot">
            {video.description && <p className="film-dialog__text">{video.description}</p>}
            {id && (
              <a
                className="button button--outline"
                href={youtubeWatchUrl(id)}
                target="_blank"
                rel="noopener noreferrer"
              >
                Watch on YouTube
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
