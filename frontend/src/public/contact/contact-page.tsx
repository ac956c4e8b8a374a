import { PageHero } from '../components/page-hero';
import { SmartLink } from '../components/stage-link';
import { useSite } from '../site-context';
import { ContactForm } from './contact-form';
import { contactSocialLinks, mailtoHref, telHref } from './social-labels';

export function ContactPage() {
  const { settings: s } = useSite();
  const socials = contactSocialLinks(s.contact_socials);
  // SPEC §2 keeps the 'Reach Us' panel; with nothing set it says where to turn instead of standing empty.
  const nothingToReach = !s.contactemail && !s.contactphone && s.contact_cards.length === 0 && socials.length === 0;
  return (
    <>
      <PageHero eyebrow="Get in touch" title={s.contact_title} intro={s.contact_intro} />
      <div className="container page-section contact-layout">
        <ContactForm />
        <aside className="reach-us" aria-labelledby="reach-us-title">
          <h2 id="reach-us-title" className="section-title">
            Reach Us
          </h2>
          {nothingToReach ? <p className="reach-us__empty">Write to us with the form: every message is read by the crew.</p> : null}
          {s.contactemail || s.contactphone ? (
            <dl className="reach-us__direct">
              {s.contactemail ? (
                <div>
                  <dt>Email</dt>
                  <dd>
                    <a href={mailtoHref(s.contactemail)}>{s.contactemail.replace(/^mailto:/i, '')}</a>
                  </dd>
                </div>
              ) : null}
              {s.contactphone ? (
                <div>
                  <dt>Phone</dt>
                  <dd>
                    <a href={telHref(s.contactphone)}>{s.contactphone}</a>
                  </dd>
                </div>
              ) : null}
            </dl>
          ) : null}
          {s.contact_cards.length > 0 ? (
            <ul className="contact-cards">
              {s.contact_cards.map((card, i) => (
                <li className="contact-card" key={`${card.title}-${i}`}>
                  <h3 className="contact-card__title">{card.title}</h3>
                  {card.description ? <p>{card.description}</p> : null}
                  {card.link_url ? (
                    <SmartLink className="text-link" href={card.link_url}>
                      {card.link_label || 'Get in touch'}
                    </SmartLink>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {socials.length > 0 ? (
            <div className="reach-us__socials">
              <h3 className="reach-us__subtitle">Follow us</h3>
              <ul className="chip-list">
                {socials.map((social) => (
                  <li key={social.key}>
                    <SmartLink className="chip" href={social.url}>
                      {social.label}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </aside>
      </div>
    </>
  );
}
