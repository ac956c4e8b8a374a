import { visibleMediaSections, type MediaItem } from '@punchline/domain';
import { CARD_SIZES, FallbackImage } from '../components/fallback-image';
import { PageHero } from '../components/page-hero';
import { VideoPlayer } from '../components/video-player';
import { useSite } from '../site-context';

export function MediaPage() {
  const { settings: s } = useSite();
  // Archive sections stay hidden (SPEC §4); sections with no items have nothing to show.
  const sections = visibleMediaSections(s.media_sections).filter((section) => section.items.length > 0);
  return (
    <>
      <PageHero eyebrow="Clips & photos" title={s.media_title} intro={s.media_intro} />
      {sections.length === 0 ? (
        <section className="container page-section" aria-label="Media">
          <p className="empty-state">No media yet.</p>
        </section>
      ) : (
        sections.map((section, si) => (
          <section className="container page-section" key={`${section.title}-${si}`} aria-labelledby={`media-section-${si}`}>
            <h2 id={`media-section-${si}`} className="section-title">
              {section.title || 'Highlights'}
            </h2>
            <ul className="media-grid">
              {section.items.map((item, ii) => (
                <li className={`media-card media-card--${item.type}`} key={`${item.url}-${ii}`}>
                  <MediaItemView item={item} fallbackTitle={`${section.title || 'Media'} ${ii + 1}`} />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </>
  );
}

function MediaItemView({ item, fallbackTitle }: { item: MediaItem; fallbackTitle: string }) {
  const title = item.title || fallbackTitle;
  return (
    <figure className="media-card__figure">
      <div className="media-card__frame">
        {!item.url ? (
          <p className="media-soon">Media coming soon.</p>
        ) : item.type === 'video' ? (
          <VideoPlayer url={item.url} title={title} />
        ) : (
          <FallbackImage className="media-card__image" src={item.url} alt={title} width={640} height={480} sizes={CARD_SIZES} />
        )}
      </div>
      {item.title ? <figcaption className="media-card__caption">{item.title}</figcaption> : null}
    </figure>
  );
}
