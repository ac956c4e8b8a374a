/** The title band every page but home opens with. */
export function PageHero({ title, intro, eyebrow }: { title: string; intro: string; eyebrow: string }) {
  return (
    <section className="page-hero" aria-labelledby="page-title">
      <div className="container">
        <p className="eyebrow">{eyebrow}</p>
        {/* Focusable from script only: a client-side page change moves focus here (public-layout.tsx). */}
        <h1 id="page-title" className="page-hero__title" tabIndex={-1}>
          {title}
        </h1>
        {intro ? <p className="page-hero__intro">{intro}</p> : null}
      </div>
    </section>
  );
}
