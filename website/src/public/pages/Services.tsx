import type { PageOf } from '@atelier/shared';

export function Services({ data }: { data: PageOf<'services'> }) {
  return (
    <section className="section">
      <h1>{data.page}</h1>
    </section>
  );
}
