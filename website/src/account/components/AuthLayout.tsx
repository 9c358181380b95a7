import type { ReactNode } from 'react';
import { Picture } from '../../public/site-chrome';
import { useStudioPhoto } from '../shell';

/**
 * The sign-in screens' page: the card, and on wide screens a photograph of the studio's work beside it
 * (decorative, captioned with the project). Below 1024 px the card stands alone and the photograph, lazy,
 * is never fetched.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  const photo = useStudioPhoto();
  return (
    <div className="auth-page" data-photo={photo ? 'true' : 'false'}>
      {photo && (
        <figure className="auth-page__photo">
          <Picture src={photo.src} alt="" sizes="50vw" className="auth-page__image" />
          <figcaption className="auth-page__caption">
            <span className="auth-page__label">Selected work</span>
            <span className="auth-page__project">{photo.title}</span>
            {photo.location && <span>{photo.location}</span>}
          </figcaption>
        </figure>
      )}
      <div className="auth-page__panel">{children}</div>
    </div>
  );
}
