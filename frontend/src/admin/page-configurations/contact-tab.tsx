/** Contact tab (SPEC §2): page text, email and phone, contact cards and the social links map. */
import { CONTACT_SOCIAL_KEYS, newContactCard, type ContactCard, type ContactSocialKey } from '@punchline/domain';
import { useEditorForm } from '../editor/editor-context';
import { FieldGrid, FormSection } from '../editor/editor-screen';
import { TextField } from '../editor/fields';
import { TextControl, UrlControl } from '../ui/form-controls';
import { ItemListEditor } from '../ui/list-controls';
import { PageThemeSection } from './page-theme-section';

const SOCIAL_LABELS: Record<ContactSocialKey, string> = { instagram: 'Instagram', twitter: 'Twitter / X', youtube: 'YouTube', tiktok: 'TikTok', facebook: 'Facebook' };

export function ContactTab() {
  const { settings, update } = useEditorForm();
  const setSocial = (key: ContactSocialKey, url: string) => {
    // SPEC §3/§5: an empty value removes the key.
    const next = { ...settings.contact_socials };
    if (url === '') delete next[key];
    else next[key] = url;
    update({ contact_socials: next });
  };
  return (
    <>
      <FormSection title="Contact page">
        <TextField field="contact_title" label="Title" />
        <TextField field="contact_intro" label="Intro" multiline rows={2} />
        <FieldGrid>
          <TextField field="contactemail" label="Email" type="email" inputMode="email" placeholder="hello@example.com" />
          <TextField field="contactphone" label="Phone" type="tel" inputMode="tel" placeholder="+1 555 0100" />
        </FieldGrid>
      </FormSection>
      <FormSection title="Contact cards" description="Panels in ‘Reach Us’, each with an optional link.">
        <ItemListEditor<ContactCard>
          legend="Contact cards"
          items={settings.contact_cards}
          onChange={(contact_cards) => update({ contact_cards })}
          newItem={() => newContactCard(settings.contactemail)}
          addLabel="Add contact card"
          itemNoun="Contact card"
          emptyText="No contact cards yet."
          itemTitle={(card, index) => card.title.trim() || `Contact card ${index + 1}`}
          renderItem={(card, set) => (
            <>
              <TextControl label="Title" value={card.title} onChange={(title) => set({ ...card, title })} />
              <TextControl label="Description" value={card.description} multiline rows={2} onChange={(description) => set({ ...card, description })} />
              <FieldGrid>
                <TextControl label="Link label" value={card.link_label} onChange={(link_label) => set({ ...card, link_label })} />
                <UrlControl label="Link" value={card.link_url} placeholder="mailto:… or https://…" onChange={(link_url) => set({ ...card, link_url })} />
              </FieldGrid>
            </>
          )}
        />
      </FormSection>
      <FormSection title="Social links" description="Empty fields are left out.">
        <FieldGrid>
          {CONTACT_SOCIAL_KEYS.map((key) => (
            <UrlControl key={key} label={SOCIAL_LABELS[key]} value={settings.contact_socials[key] ?? ''} onChange={(url) => setSocial(key, url)} />
          ))}
        </FieldGrid>
      </FormSection>
      <PageThemeSection page="contact" />
    </>
  );
}
