/**
 * The page-level settings every Page Configurations tab ends with: this page's colour overrides
 * (SPEC §3 `{page}_theme_accent` …). Enabled only in the draft, not locked by another, with the
 * site-wide theme off (SPEC §4); an empty override uses the site-wide colour.
 */
import { resolvePageTheme, type PageThemeField, type ThemedPage } from '@punchline/domain';
import { Link } from 'react-router';
import { pageThemeEnabled } from '../editor/draft-editor';
import { useEditor, useEditorForm } from '../editor/editor-context';
import { FormSection } from '../editor/editor-screen';
import { ColorField } from '../editor/fields';

const PAGE_NAMES: Record<ThemedPage, string> = { home: 'Home', about: 'About', events: 'Events', media: 'Media', merch: 'Merch', contact: 'Contact' };

export function PageThemeSection({ page }: { page: ThemedPage }) {
  const { controls } = useEditor();
  const { settings, update } = useEditorForm();
  const enabled = pageThemeEnabled(controls, settings);
  const effective = resolvePageTheme({ ...settings, theme_use_global: false }, page);
  const global = resolvePageTheme({ ...settings, theme_use_global: true }, page);
  const key = (suffix: string) => `${page}_${suffix}` as PageThemeField;
  const overrides = (['theme_accent', 'theme_bg', 'header_bg', 'header_text_color', 'footer_bg'] as const).map((suffix) => key(suffix));
  const anySet = overrides.some((field) => settings[field] !== '');
  return (
    <FormSection
      title="Page settings"
      id={`${page}-page-settings`}
      description={`Colour overrides for the ${PAGE_NAMES[page]} page. Empty fields use the site-wide colours.`}
    >
      {settings.theme_use_global ? (
        <p className="kit-message kit-message--info">
          The site-wide theme is on, so every page uses the same colours. Turn off ‘Use the site-wide theme on every page’ in{' '}
          <Link to="/admin/general">General Settings</Link> to set colours for this page.
        </p>
      ) : null}
      <fieldset className="ed-subfieldset" disabled={!enabled}>
        <legend className="visually-hidden">{PAGE_NAMES[page]} page colour overrides</legend>
        <div className="ed-grid ed-grid--2">
          <ColorField field={key('theme_accent')} label="Accent" fallback={global.accent} clearLabel="Use site-wide" contrast={{ against: effective.background, name: 'page background' }} />
          <ColorField field={key('theme_bg')} label="Page Background" fallback={global.background} clearLabel="Use site-wide" />
          <ColorField
            field={key('header_bg')}
            label="Header Background"
            fallback={global.headerBackground}
            clearLabel="Use site-wide"
            contrast={{ against: effective.headerText, name: 'header text' }}
          />
          <ColorField
            field={key('header_text_color')}
            label="Header Text"
            fallback={effective.headerText}
            clearLabel="Use site-wide"
            contrast={{ against: effective.headerBackground, name: 'header background' }}
          />
          <ColorField field={key('footer_bg')} label="Footer Background" fallback={global.footerBackground} clearLabel="Use site-wide" />
        </div>
        <button
          type="button"
          className="kit-button kit-button--small"
          disabled={!anySet}
          onClick={() => update(Object.fromEntries(overrides.map((field) => [field, ''])))}
        >
          Clear all {PAGE_NAMES[page]} overrides
        </button>
      </fieldset>
    </FormSection>
  );
}
