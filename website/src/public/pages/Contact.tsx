import type { PageOf } from '@atelier/shared';

export function Contact({ data }: { data: PageOf<'contact'> }) {
  return (
    <section className="section">
      <h1>{data.page}</h1>
    </section>
  );
}
