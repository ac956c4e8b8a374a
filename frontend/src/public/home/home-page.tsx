import type { CSSProperties } from 'react';
import { homeUpcomingEvents, resolveHeroBadgeColors, resolvePageTheme, visibleMediaSections, hasTicketLink } from '@punchline/domain';
import { EventList } from '../components/event-list';
import { FallbackImage, THUMB_SIZES } from '../components/fallback-image';
import { SmartLink } from '../components/stage-link';
import { VideoPlayer } from '../components/video-player';
import { useSite } from '../site-context';
import type { SiteData } from '../site-data';

type Settings = SiteData['settings'];

const customSize = (value: string): CSSProperties | undefined => (value ? { fontSize: value } : undefined);

export function HomePage() {
  const { settings: s, showTimes } = useSite();
  const upcoming = homeUpcomingEvents(s);

  return (
    <>
      <HeroSection settings={s} />

      <NextUpSection next={upcoming[0]} />

      {s.featured_video_url ? (
        <section className="featured-video container" aria-labelledby="featured-video-title">
          <h2 id="featured-video-title" className="section-title">
            Featured Video
          </h2>
          <div className="video-frame">
            <VideoPlayer url={s.featured_video_url} title={`Featured video: ${s.site_title}`} />
          </div>
        </section>
      ) : null}

      <WhoSection settings={s} />

      <section className="upcoming container" aria-labelledby="upcoming-title">
        <div className="section-head">
          <h2 id="upcoming-title" className="section-title">
            Upcoming Shows
          </h2>
          {/* The visible words are the accessible name (WCAG 2.5.3 label in name, issue 31). */}
          <SmartLink className="text-link" href="/events">
            All Events
          </SmartLink>
        </div>
        <EventList events={upcoming} emptyText="No upcoming shows yet." linkLabel="Get Tickets" headingLevel="h3" times={showTimes} />
      </section>

      <SpotlightSection settings={s} />
    </>
  );
}

function HeroSection({ settings: s }: { settings: Settings }) {
  const badge = resolveHeroBadgeColors(s, resolvePageTheme(s, 'home'));
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__grid">
        <div className="hero__copy">
          {s.hero_badge_enabled && s.hero_badge_label ? (
            <p
              className={`hero__badge hero__badge--${s.hero_badge_variant} size-${s.hero_badge_size}`}
              style={{ backgroundColor: badge.background, color: badge.text, ...customSize(s.hero_badge_font_size) }}
            >
              {s.hero_badge_label}
            </p>
          ) : null}
          {/* Focusable from script only: a client-side page change moves focus here (public-layout.tsx). */}
          <h1 id="hero-title" className={`hero__title size-${s.hero_title_size}`} style={customSize(s.hero_title_font_size)} tabIndex={-1}>
            {s.hero_title}
          </h1>
          {s.hero_subtext ? (
            <p className={`hero__subtext size-${s.hero_subtext_size}`} style={customSize(s.hero_subtext_font_size)}>
              {s.hero_subtext}
            </p>
          ) : null}
          <div className="button-row">
            <SmartLink className="button button--primary" href="/events">
              Get Tickets
            </SmartLink>
            <SmartLink className="button button--outline" href="/media">
              Watch a Clip
            </SmartLink>
            <SmartLink className="button button--ghost" href="/contact">
              Contact Us
            </SmartLink>
          </div>
        </div>
        <div className="hero__art">
          <FallbackImage className="hero__image" src={s.hero_image_url} alt={s.hero_title} width={800} height={600} priority />
        </div>
      </div>
    </section>
  );
}

function NextUpSection({ next }: { next: ReturnType<typeof homeUpcomingEvents>[number] | undefined }) {
  return (
    <section className="next-up container" aria-labelledby="next-up-title">
      <div className="next-up__card">
        <div className="next-up__head">
          <h2 id="next-up-title" className="eyebrow">
            Next up
          </h2>
          <SmartLink className="text-link" href="/events" aria-label="View all shows">
            View All
          </SmartLink>
        </div>
        {next ? (
          <div className="next-up__event">
            <div>
              {/* The next show's title heads its card under 'Next up' (axe p-as-heading, issue 31). */}
              <h3 className="next-up__title">{next.title || 'Untitled show'}</h3>
              <p className="next-up__meta">{[next.date, next.venue].filter(Boolean).join(' · ')}</p>
            </div>
            {hasTicketLink(next) ? (
              <a className="button button--primary" href={next.link} target="_blank" rel="noopener noreferrer">
                Get Tickets<span className="visually-hidden"> for {next.title || 'the next show'} (opens in a new tab)</span>
              </a>
            ) : null}
          </div>
        ) : (
          <p className="empty-state">No upcoming shows yet.</p>
        )}
      </div>
    </section>
  );
}

function WhoSection({ settings: s }: { settings: Settings }) {
  return (
    <section className="who container" aria-labelledby="who-title">
      <div className={`who__grid${s.who_image_url ? '' : ' who__grid--text'}`}>
        <div className="who__copy">
          {s.who_show_label && s.who_label ? <p className={`eyebrow size-${s.who_label_size}`}>{s.who_label}</p> : null}
          <h2 id="who-title" className={`who__title size-${s.who_title_size}`}>
            {s.who_title}
          </h2>
          <p className={`who__body size-${s.who_body_size}`}>{s.who_body}</p>
          <div className="button-row">
            {s.who_cta_label && s.who_cta_url ? (
              <SmartLink className="button button--primary" href={s.who_cta_url}>
                {s.who_cta_label}
              </SmartLink>
            ) : null}
            <SmartLink className="button button--outline" href="/contact">
              Book the Crew
            </SmartLink>
          </div>
        </div>
        {s.who_image_url ? (
          <FallbackImage className="who__image" src={s.who_image_url} alt={s.who_title} width={640} height={480} />
        ) : null}
      </div>
    </section>
  );
}

function SpotlightSection({ settings: s }: { settings: Settings }) {
  const spotlight = visibleMediaSections(s.media_sections)
    .flatMap((section) => section.items)
    .filter((item) => item.type === 'image' && item.url)
    .slice(0, 3);
  return (
    <section className="spotlight container" aria-labelledby="spotlight-title">
      <div className="spotlight__panel">
        <div className="spotlight__copy">
          <p className="eyebrow">Media Spotlight</p>
          <h2 id="spotlight-title" className="section-title">
            {s.media_title}
          </h2>
          {s.media_intro ? <p>{s.media_intro}</p> : null}
          <SmartLink className="button button--primary" href="/media">
            Browse Media
          </SmartLink>
        </div>
        {spotlight.length > 0 ? (
          <ul className="spotlight__thumbs">
            {spotlight.map((item, i) => (
              <li key={`${item.url}-${i}`}>
                <FallbackImage src={item.url} alt={item.title || `${s.media_title} photo ${i + 1}`} width={320} height={240} sizes={THUMB_SIZES} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
