import { formatMerchPrice } from '@punchline/domain';
import { CARD_SIZES, FallbackImage } from '../components/fallback-image';
import { PageHero } from '../components/page-hero';
import { SmartLink } from '../components/stage-link';
import { useSite } from '../site-context';

export function MerchPage() {
  const { settings: s } = useSite();
  return (
    <>
      <PageHero eyebrow="Shop" title={s.merch_title} intro={s.merch_intro} />
      <section className="container page-section" aria-label="Merch items">
        {s.merch_items.length === 0 ? (
          <p className="empty-state">No merch items yet.</p>
        ) : (
          <ul className="merch-grid">
            {s.merch_items.map((item, i) => (
              <li className="merch-card" key={`${item.title}-${i}`}>
                <FallbackImage className="merch-card__image" src={item.image_url} alt={item.title || 'Merch item'} width={480} height={480} sizes={CARD_SIZES} />
                <div className="merch-card__body">
                  <div className="merch-card__head">
                    <h2 className="merch-card__title">{item.title || 'Merch item'}</h2>
                    {item.price ? <p className="merch-card__price">{formatMerchPrice(item.price)}</p> : null}
                  </div>
                  {item.description ? <p className="merch-card__description">{item.description}</p> : null}
                  {item.buy_url ? (
                    <SmartLink className="button button--primary merch-card__buy" href={item.buy_url}>
                      Buy<span className="visually-hidden"> {item.title}</span>
                    </SmartLink>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
