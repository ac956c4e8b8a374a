import { CARD_SIZES, FallbackImage } from '../components/fallback-image';
import { PageHero } from '../components/page-hero';
import { SmartLink } from '../components/stage-link';
import { useSite } from '../site-context';

/** The fixed 'What drives us' block (SPEC §2): the same on every site, not a setting. */
const DRIVES_US = [
  { title: 'Original voices', text: 'New material, fresh formats and comics with something to say.' },
  { title: 'Room to take risks', text: 'A stage where bold ideas get tested in front of a real crowd.' },
  { title: 'Nights worth leaving home for', text: 'Tight line-ups, good rooms and audiences who came to laugh.' },
];

export function AboutPage() {
  const { settings: s } = useSite();
  return (
    <>
      <PageHero eyebrow="Who we are" title={s.about_title} intro={s.about_body} />
      <section className="container page-section mission" aria-labelledby="mission-title">
        <div className="mission__panel">
          <h2 id="mission-title" className="section-title">
            {s.about_mission_title}
          </h2>
          <p className="mission__body">{s.about_mission_body}</p>
        </div>
      </section>
      <section className="container page-section" aria-labelledby="drives-title">
        <h2 id="drives-title" className="section-title">
          What drives us
        </h2>
        <ul className="value-grid">
          {DRIVES_US.map((value, i) => (
            <li className="value-card" key={value.title}>
              <span className="value-card__number" aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              <h3 className="value-card__title">{value.title}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="container page-section" aria-labelledby="team-title">
        <h2 id="team-title" className="section-title">
          The Team
        </h2>
        {s.about_team_intro ? <p className="section-intro">{s.about_team_intro}</p> : null}
        {s.about_team.length > 0 ? (
          <ul className="team-grid">
            {s.about_team.map((member, i) => (
              <li className="team-card" key={`${member.name}-${i}`}>
                <FallbackImage className="team-card__photo" src={member.photo_url} alt={member.name ? `Portrait of ${member.name}` : 'Team member'} width={400} height={400} sizes={CARD_SIZES} />
                <div className="team-card__body">
                  <h3 className="team-card__name">{member.name || 'Team member'}</h3>
                  {member.title ? <p className="team-card__role">{member.title}</p> : null}
                  {member.bio ? <p className="team-card__bio">{member.bio}</p> : null}
                  {member.socials.length > 0 ? (
                    <ul className="chip-list" aria-label={`${member.name || 'Team member'} elsewhere`}>
                      {member.socials.map((link, j) => (
                        <li key={`${link.url}-${j}`}>
                          <SmartLink className="chip" href={link.url}>
                            {link.label || link.url}
                          </SmartLink>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}
