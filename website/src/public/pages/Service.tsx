import type { PageOf } from '@atelier/shared';

export function Service({ data }: { data: PageOf<'service'> }) {
  return (
    <section className="section">
      <h1>{data.page}</h1>
    </section>
  );
}
