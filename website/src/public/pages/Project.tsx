import type { PageOf } from '@atelier/shared';

export function Project({ data }: { data: PageOf<'project'> }) {
  return (
    <section className="section">
      <h1>{data.page}</h1>
    </section>
  );
}
