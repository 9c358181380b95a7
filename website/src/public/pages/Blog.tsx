import type { PageOf } from '@atelier/shared';

export function Blog({ data }: { data: PageOf<'blog'> }) {
  return (
    <section className="section">
      <h1>{data.page}</h1>
    </section>
  );
}
