import type { Project } from '@atelier/shared';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { Picture } from '../Picture';
import { Icon } from './icons';
import { imageAlt } from './text';

interface ImageViewerProps {
  project: Project;
  images: string[];
  index: number;
  onStep: (direction: 1 | -1) => void;
  onClose: () => void;
}

/**
 * The fullscreen viewer: a modal dialog (the page behind it is inert) that keeps focus inside,
 * closes on Escape, the close button or a click beside the photograph, and gives focus back.
 * Arrow keys are handled by the page, which owns the keyboard.
 */
export function ImageViewer({ project, images, index, onStep, onClose }: ImageViewerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const swipe = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const total = images.length;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    dialog.showModal();
    closeRef.current?.focus();
    return () => {
      root.style.overflow = overflow;
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  // Tab and Shift+Tab cycle through the viewer's own buttons.
  const trapFocus = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('button'));
    const first = buttons[0];
    const last = buttons.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="viewer"
      aria-labelledby="viewer-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={trapFocus}
    >
      {/* A click on the dark surround closes the viewer; the keyboard has Escape and the close button. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape and the close button are the keyboard path */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: see above */}
      <div
        className="viewer__stage"
        onPointerDown={(event) => {
          swipe.current = { x: event.clientX, y: event.clientY, moved: false };
        }}
        onPointerUp={(event) => {
          const start = swipe.current;
          if (!start || event.pointerType === 'mouse' || total < 2) return;
          const dx = event.clientX - start.x;
          // A horizontal swipe on a touch screen turns the page of photographs.
          if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(event.clientY - start.y)) {
            start.moved = true;
            onStep(dx < 0 ? 1 : -1);
          }
        }}
        onClick={(event) => {
          const swiped = swipe.current?.moved;
          swipe.current = null;
          if (!swiped && event.target === event.currentTarget) onClose();
        }}
      >
        <Picture
          key={images[index]}
          className="viewer__image"
          src={images[index]}
          alt={imageAlt(project, index, total)}
          sizes="100vw"
          priority
        />
      </div>
      <div className="viewer__bar">
        <h2 id="viewer-title" className="viewer__title">
          {project.title}
        </h2>
        <p className="viewer__counter" aria-live="polite" aria-atomic="true">
          <span className="visually-hidden">Photograph </span>
          {index + 1} / {total}
        </p>
      </div>
      <button ref={closeRef} type="button" className="round-button viewer__close" onClick={onClose}>
        <Icon name="close" />
        <span className="visually-hidden">Close viewer</span>
      </button>
      {total > 1 && (
        <>
          <button
            type="button"
            className="round-button viewer__step viewer__step--previous"
            onClick={() => onStep(-1)}
          >
            <Icon name="previous" />
            <span className="visually-hidden">Previous image</span>
          </button>
          <button
            type="button"
            className="round-button viewer__step viewer__step--next"
            onClick={() => onStep(1)}
          >
            <Icon name="next" />
            <span className="visually-hidden">Next image</span>
          </button>
        </>
      )}
    </dialog>
  );
}
