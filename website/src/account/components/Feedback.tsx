import type { ReactNode } from 'react';

/** A server error or a form problem, in red, announced at once. */
export function Alert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div className="alert" role="alert">
      <span className="alert__mark" aria-hidden="true">
        !
      </span>
      <div>{children}</div>
    </div>
  );
}

/** A quiet confirmation inside a form ("Password reset instructions have been sent to your email."). */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="notice" role="status">
      {children}
    </p>
  );
}

/** The waiting state of a page: a spinner with its words for screen readers. */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
