import { TIMINGS } from '@atelier/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../../lib/reveal';
import { Picture } from '../Picture';
import { type Film, videoTypeLabel } from './media';
import { playerCommand, playerUrl, usePlayerStatus } from './youtube-player';
import '../../styles/home.css';

/** Background playback: muted, looping, without controls, keyboard or fullscreen. */
const BACKGROUND_PARAMS = {
  autoplay: 1,
  mute: 1,
  controls: 0,
  disablekb: 1,
  fs: 0,
  playsinline: 1,
  rel: 0,
  iv_load_policy: 3,
  modestbranding: 1,
};

/** Waits for the page to be idle (after its load), so the embed never competes with the page itself. */
function whenIdle(run: () => void): () => void {
  let idle: number | undefined;
  let timer: number | undefined;
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(run, { timeout: 4000 });
    else timer = window.setTimeout(run, 1500);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}

/**
 * The video showcase: a full-screen background playing the active videos one at a time, each for a
 * minute, in a random order that shows every video before any repeats. A studio photograph stands behind
 * the player, so the section is finished before (and without) YouTube; the embed itself is mounted only
 * once the page is idle and the section is in view, and never under reduced motion unless asked for.
 */
export function VideoShowcase({ films: videos, still }: { films: Film[]; still: string | null }) {
  const [active, setActive] = useState(0);
  const [fading, setFading] = useState(false);
  const [paused, setPaused] = useState(false);
  const [inView, setInView] = useState(false);
  const [idle, setIdle] = useState(false);
  const [frameOn, setFrameOn] = useState(false);
  const sectionRef = useRef<HTMLElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const shown = useRef(new Set<number>());
  const switchTimer = useRef<number | undefined>(undefined);

  const video = videos[active];
  const id = video?.youtubeId ?? null;
  const status = usePlayerStatus(frameRef, frameOn && id ? `${id}-${active}` : null);

  const goTo = useCallback((index: number) => {
    window.clearTimeout(switchTimer.current);
    if (prefersReducedMotion()) {
      setActive(index);
      return;
    }
    setFading(true);
    switchTimer.current = window.setTimeout(() => {
      setActive(index);
      setFading(false);
    }, TIMINGS.videoFadeMs);
  }, []);

  useEffect(() => () => window.clearTimeout(switchTimer.current), []);

  // Under reduced motion nothing moves until the visitor presses play.
  useEffect(() => {
    if (prefersReducedMotion()) setPaused(true);
  }, []);

  useEffect(() => {
    const section = sectionRef.current;
    if (!section || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(Boolean(entry?.isIntersecting)), {
      rootMargin: '200px 0px',
    });
    observer.observe(section);
    const cancelIdle = whenIdle(() => setIdle(true));
    return () => {
      observer.disconnect();
      cancelIdle();
    };
  }, []);

  useEffect(() => {
    const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
    if (idle && inView && !paused && !saveData) setFrameOn(true);
  }, [idle, inView, paused]);

  // A background player that cannot be seen, or was paused, stops (and starts again when it can).
  useEffect(() => {
    if (status === 'waiting' || status === 'error') return;
    playerCommand(frameRef.current, inView && !paused ? 'playVideo' : 'pauseVideo');
  }, [inView, paused, status]);

  useEffect(() => {
    shown.current.add(active);
  }, [active]);

  // Every minute, a video not yet shown; once all have been, the history starts again.
  useEffect(() => {
    if (paused || videos.length < 2) return;
    const timer = window.setTimeout(() => {
      const all = videos.map((_, index) => index);
      let candidates = all.filter((index) => !shown.current.has(index));
      if (candidates.length === 0) {
        shown.current = new Set([active]);
        candidates = all.filter((index) => index !== active);
      }
      goTo(candidates[Math.floor(Math.random() * candidates.length)] ?? 0);
    }, TIMINGS.videoRotationMs);
    return () => window.clearTimeout(timer);
  }, [active, paused, videos, goTo]);

  const poster = video ? video.poster : still;
  const playing = status === 'playing' && !fading;
  // Playback controls mean something only once a film has played (offline the photograph just stays):
  // until then only "Play films", for a visitor who asked for reduced motion.
  const [hasPlayed, setHasPlayed] = useState(false);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (status === 'playing') setHasPlayed(true);
  }, [status]);

  return (
    <section ref={sectionRef} className="showcase" aria-labelledby="showcase-title">
      <div className={`showcase__stage${fading ? ' is-fading' : ''}`} aria-hidden="true">
        <Picture
          decorative
          key={active}
          className="showcase__poster"
          src={poster}
          alt=""
          sizes="(max-aspect-ratio: 3/2) 170vh, 112vw"
        />
        {frameOn && id && (
          <iframe
            key={`${id}-${active}`}
            ref={frameRef}
            className={`showcase__frame${playing ? ' is-playing' : ''}`}
            src={playerUrl(id, { ...BACKGROUND_PARAMS, loop: 1, playlist: id })}
            title={`${video?.title ?? 'Video'} (background film)`}
            tabIndex={-1}
            allow="autoplay; encrypted-media; picture-in-picture"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        )}
      </div>

      <div className="showcase__inner">
        <h2 id="showcase-title" className="eyebrow showcase__label">
          Studio Films
        </h2>
        <div className={`showcase__caption${fading ? ' is-fading' : ''}`} aria-live="polite">
          {video ? (
            <>
              <p className="showcase__type">{videoTypeLabel(video)}</p>
              <h3 className="showcase__title">{video.title}</h3>
              {video.description && <p className="showcase__text">{video.description}</p>}
              {!id && <p className="showcase__notice">Invalid YouTube URL</p>}
            </>
          ) : (
            <>
              <p className="showcase__title">No videos available</p>
              <p className="showcase__text">Films of our buildings and proposals will appear here.</p>
            </>
          )}
        </div>

        {videos.length > 0 && (
          <div className="showcase__controls">
            {videos.length > 1 && (
              <ul className="showcase__dots">
                {videos.map((_, index) => (
                  // The list never changes on the page: a slide is its place in it.
                  <li key={index}>
                    <button
                      type="button"
                      className="showcase__dot"
                      aria-label={`Go to slide ${index + 1}`}
                      aria-current={index === active ? 'true' : undefined}
                      onClick={() => goTo(index)}
                    />
                  </li>
                ))}
              </ul>
            )}
            {hasPlayed && (
              <p className="showcase__count" aria-hidden="true">
                {String(active + 1).padStart(2, '0')} / {String(videos.length).padStart(2, '0')}
              </p>
            )}
            {(hasPlayed || paused || asked) && (
              <button
                type="button"
                className="showcase__toggle"
                onClick={() => {
                  setAsked(true);
                  setPaused((value) => !value);
                }}
              >
                {paused ? 'Play films' : 'Pause films'}
              </button>
            )}
            <a className="showcase__link" href="#featured-videos">
              All films
            </a>
          </div>
        )}
      </div>
    </section>
  );
}
