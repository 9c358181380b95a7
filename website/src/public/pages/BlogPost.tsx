import type { PageOf } from '@atelier/shared';

export function BlogPost({ data }: { data: PageOf<'blog-post'> }) {
  return (
    <section className="section">
      <h1>{data.page}</h1>
    </section>
  );
}
