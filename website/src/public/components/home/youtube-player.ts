import { youtubeEmbedUrl } from '@atelier/shared';
import { type RefObject, useEffect, useState } from 'react';

const PLAYER_ORIGIN = new URL(youtubeEmbedUrl('x')).origin;

/** The embed address of a video with the player parameters, and the IFrame API switched on. */
export function playerUrl(id: string, params: Record<string, string | number>): string {
  const query = new URLSearchParams({
    ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    enablejsapi: '1',
    origin: window.location.origin,
  });
  return `${youtubeEmbedUrl(id)}?${query}`;
}

/** Sends an IFrame API command (playVideo, pauseVideo, mute…) to an embedded player. */
export function playerCommand(frame: HTMLIFrameElement | null, func: string) {
  frame?.contentWindow?.postMessage(JSON.stringify({ event: 'command', func, args: [] }), PLAYER_ORIGIN);
}

export type PlayerStatus = 'waiting' | 'ready' | 'playing' | 'error';

/**
 * What an embedded YouTube player reports through its postMessage protocol. The embed is drawn only once
 * the player has said it is ready (or playing), so when YouTube cannot be reached the browser's error page
 * never covers the poster behind it; 'error' is the player's own (the video is private, removed…).
 */
export function usePlayerStatus(
  frame: RefObject<HTMLIFrameElement | null>,
  key: string | null,
): PlayerStatus {
  const [status, setStatus] = useState<PlayerStatus>('waiting');
  useEffect(() => {
    setStatus('waiting');
    if (!key) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== PLAYER_ORIGIN || event.source !== frame.current?.contentWindow) return;
      let data: { event?: string; info?: unknown };
      try {
        data = typeof event.data === 'string' ? JSON.parse(event.data) : event.data;
      } catch {
        return;
      }
      const info = data.info as { playerState?: number } | number | undefined;
      const state = typeof info === 'number' ? info : info?.playerState;
      if (data.event === 'onError') setStatus('error');
      else if (state === 1) setStatus('playing');
      else if (data.event === 'onReady' || data.event === 'initialDelivery')
        setStatus((s) => (s === 'waiting' ? 'ready' : s));
    };
    window.addEventListener('message', onMessage);
    // The player only reports to a page that said it is listening, after it has loaded.
    const element = frame.current;
    const listen = () =>
      element?.contentWindow?.postMessage(
        JSON.stringify({ event: 'listening', id: key, channel: 'widget' }),
        PLAYER_ORIGIN,
      );
    element?.addEventListener('load', listen);
    return () => {
      window.removeEventListener('message', onMessage);
      element?.removeEventListener('load', listen);
    };
  }, [frame, key]);
  return status;
}
