import type { ReactNode } from 'react';
import '../../styles/about.css';

/** The opening of a page without a photograph: eyebrow, title (the page's h1) and a lead paragraph. */
export function PageIntro({
  eyebrow,
  title,
  children,
  aside,
}: {
  eyebrow: ReactNode;
  title: string;
  children?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <header className="page-intro">
      <div className="page-intro__inner">
        <div className="page-intro__main">
          <p className="eyebrow">{eyebrow}</p>
          <h1 className="page-intro__title">{title}</h1>
          {children && <div className="page-intro__lead">{children}</div>}
        </div>
        {aside && <div className="page-intro__aside">{aside}</div>}
      </div>
    </header>
  );
}
