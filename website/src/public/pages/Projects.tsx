import type { PageOf } from '@atelier/shared';

export function Projects({ data }: { data: PageOf<'projects'> }) {
  return (
    <section className="section">
      <h1>{data.page}</h1>
    </section>
  );
}
