/** About tab (SPEC §2): page text, mission, and the team with portraits, roles, bios and social links. */
import { blankTeamMember, MAX_SOCIAL_LINKS, type TeamMember } from '@punchline/domain';
import { useEditorForm } from '../editor/editor-context';
import { EDITOR_TEXTS } from '../editor/editor-texts';
import { FieldGrid, FormSection } from '../editor/editor-screen';
import { TextField } from '../editor/fields';
import { TextControl } from '../ui/form-controls';
import { ItemListEditor, LinkListControl } from '../ui/list-controls';
import { MediaControl } from '../editor/media-field';
import { PageThemeSection } from './page-theme-section';

export function AboutTab() {
  const { settings, update, canEdit } = useEditorForm();
  return (
    <>
      <FormSection title="About page" description="The story of the collective.">
        <TextField field="about_title" label="Title" />
        <TextField field="about_body" label="Intro" multiline rows={5} />
        <FieldGrid>
          <TextField field="about_mission_title" label="Mission heading" />
        </FieldGrid>
        <TextField field="about_mission_body" label="Mission copy" multiline rows={3} />
      </FormSection>
      <FormSection title="Team" description="Member cards, shown in this order.">
        <TextField field="about_team_intro" label="Team intro" multiline rows={2} />
        <ItemListEditor<TeamMember>
          legend="Team members"
          items={settings.about_team}
          onChange={(about_team) => update({ about_team })}
          newItem={blankTeamMember}
          addLabel="Add team member"
          itemNoun="Team member"
          emptyText="No team members yet."
          itemTitle={(member, index) => member.name.trim() || `Team member ${index + 1}`}
          renderItem={(member, set, index) => (
            <div className="ed-member">
              <MediaControl label={`Portrait of team member ${index + 1}`} kind="image" value={member.photo_url} disabled={!canEdit} onChange={(photo_url) => set({ ...member, photo_url })} />
              <FieldGrid>
                <TextControl label="Name" value={member.name} onChange={(name) => set({ ...member, name })} />
                <TextControl label="Role" value={member.title} onChange={(title) => set({ ...member, title })} />
              </FieldGrid>
              <TextControl label="Bio" value={member.bio} multiline rows={3} onChange={(bio) => set({ ...member, bio })} />
              <LinkListControl
                legend="Social links"
                value={member.socials}
                onChange={(socials) => set({ ...member, socials })}
                max={MAX_SOCIAL_LINKS}
                limitMessage={EDITOR_TEXTS.memberLinkLimitReached}
                addLabel="Add social link"
                itemNoun="Social link"
                labelPlaceholder="Instagram"
                emptyText="No social links yet."
              />
            </div>
          )}
        />
      </FormSection>
      <PageThemeSection page="about" />
    </>
  );
}
