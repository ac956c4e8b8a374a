/** Home tab (SPEC §2): hero, highlight badge, type sizes, featured video and images, the Who We Are block. */
import { BADGE_VARIANTS, contrastingTextColor, DEFAULT_BADGE_COLOR, DEFAULT_BADGE_TEXT_COLOR, resolveHeroBadgeColors, resolvePageTheme } from '@punchline/domain';
import { useEditorForm } from '../editor/editor-context';
import { FieldGrid, FormSection } from '../editor/editor-screen';
import { ColorField, MediaField, SizePresetField, SizeWithCustomField, TextField, ToggleField, UrlField } from '../editor/fields';
import { SelectControl } from '../ui/form-controls';
import { PageThemeSection } from './page-theme-section';
import { ReadingGapNote } from '../editor/reading-gap-note';

const VARIANT_LABELS = { soft: 'Light', bold: 'Bold' } as const;

export function HomeTab() {
  return (
    <>
      <HeroSection />
      <BadgeSection />
      <SizesSection />
      <WhoSection />
      <PageThemeSection page="home" />
    </>
  );
}

function HeroSection() {
  return (
    <FormSection title="Hero" description="The first thing visitors see. Without a hero image the logo is used, then a default image.">
      <TextField field="hero_title" label="Hero title" />
      <TextField field="hero_subtext" label="Hero subtext" multiline rows={2} />
      <div className="ed-grid ed-grid--2">
        <MediaField field="hero_image_url" label="Hero image" kind="image" />
        <MediaField field="featured_video_url" label="Featured video" kind="video" hint="A YouTube or Vimeo link, or a video file URL." />
      </div>
    </FormSection>
  );
}

function BadgeSection() {
  const { settings, update } = useEditorForm();
  const custom = !settings.hero_badge_use_theme_color;
  const theme = resolvePageTheme(settings, 'home');
  const colors = resolveHeroBadgeColors(settings, theme);
  return (
    <FormSection title="Hero highlight badge" description="A small label above the hero title, such as ‘Live Comedy’ or ‘New dates added’.">
      <ToggleField field="hero_badge_enabled" label="Show the badge" />
      <ReadingGapNote fields={['hero_badge_enabled', 'hero_badge_label']} />
      <FieldGrid>
        <TextField field="hero_badge_label" label="Badge label" hint="Leave empty to use the site title." />
        <SelectControl
          label="Badge weight"
          value={settings.hero_badge_variant}
          options={BADGE_VARIANTS.map((value) => ({ value, label: VARIANT_LABELS[value] }))}
          onChange={(hero_badge_variant) => update({ hero_badge_variant })}
        />
      </FieldGrid>
      <ToggleField field="hero_badge_use_theme_color" label="Use the theme colours" hint="On: the badge takes the page accent. Off: choose its colours below." />
      <div className="ed-grid ed-grid--2">
        <ColorField
          field="hero_badge_color"
          label="Badge background"
          fallback={DEFAULT_BADGE_COLOR}
          disabled={!custom}
          contrast={{ against: settings.hero_badge_text_color || DEFAULT_BADGE_TEXT_COLOR, name: 'badge text' }}
        />
        <ColorField
          field="hero_badge_text_color"
          label="Badge text"
          fallback={custom ? contrastingTextColor(settings.hero_badge_color) : DEFAULT_BADGE_TEXT_COLOR}
          disabled={!custom}
          contrast={{ against: settings.hero_badge_color || DEFAULT_BADGE_COLOR, name: 'badge background' }}
        />
      </div>
      <div className="ed-badge-preview" aria-hidden="true">
        <span className="kit-field__hint">Preview</span>
        <span
          className={`ed-badge-preview__badge ed-badge-preview__badge--${settings.hero_badge_variant}${settings.hero_badge_enabled ? '' : ' is-hidden'}`}
          style={{ backgroundColor: colors.background, color: colors.text }}
        >
          {settings.hero_badge_label || settings.site_title}
        </span>
        {!settings.hero_badge_enabled ? <span className="kit-field__hint">(hidden)</span> : null}
      </div>
    </FormSection>
  );
}

function SizesSection() {
  return (
    <FormSection title="Type sizes" description="Presets for the hero and the Who We Are block. A custom size overrides the preset when it is a valid CSS size.">
      <SizeWithCustomField preset="hero_badge_size" custom="hero_badge_font_size" label="Badge" />
      <SizeWithCustomField preset="hero_title_size" custom="hero_title_font_size" label="Headline" />
      <SizeWithCustomField preset="hero_subtext_size" custom="hero_subtext_font_size" label="Supporting text" />
      <div className="ed-grid ed-grid--3">
        <SizePresetField field="who_label_size" label="Who label size" />
        <SizePresetField field="who_title_size" label="Who title size" />
        <SizePresetField field="who_body_size" label="Who body size" />
      </div>
    </FormSection>
  );
}

function WhoSection() {
  return (
    <FormSection title="Who We Are" description="The block introducing the collective, with its call to action and a ‘Book the Crew’ link to contact.">
      <ToggleField field="who_show_label" label="Show the label" />
      <FieldGrid>
        <TextField field="who_label" label="Label" />
        <TextField field="who_title" label="Title" />
        <TextField field="who_cta_label" label="Call-to-action label" />
        <UrlField field="who_cta_url" label="Call-to-action link" placeholder="/about" />
      </FieldGrid>
      <TextField field="who_body" label="Body" multiline rows={4} />
      <MediaField field="who_image_url" label="Who image" kind="image" />
    </FormSection>
  );
}
