/** The title band every page but home opens with. */
export function PageHero({ title, intro, eyebrow }: { title: string; intro: string; eyebrow: string }) {
  return (
    <section className="page-hero" aria-labelledby="page-title">
      <div className="container">
        <p className="eyebrow">{eyebrow}</p>
        <h1 id="page-title" className="page-hero__title">
          {title}
        </h1>
        {intro ? <p className="page-hero__intro">{intro}</p> : null}
      </div>
    </section>
  );
}
