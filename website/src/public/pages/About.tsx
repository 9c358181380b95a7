import type { PageOf } from '@atelier/shared';

export function About({ data }: { data: PageOf<'about'> }) {
  return (
    <section className="section">
      <h1>{data.page}</h1>
    </section>
  );
}
