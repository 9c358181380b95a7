export function NotFound() {
  return (
    <section className="not-found">
      <p className="eyebrow">Error 404</p>
      <h1>Page Not Found</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <div className="not-found__actions">
        <a className="button" href="/">
          Back to Home
        </a>
        <a className="button button--outline" href="/contact">
          Contact Support
        </a>
      </div>
    </section>
  );
}
