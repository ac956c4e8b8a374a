/**
 * General Settings (SPEC §2): branding, theme colours, footer, admin quick links, maintenance and the
 * admin session timeout, under the shared editing header. The Admin Access panel follows it on the page.
 */
import {
  adjustTone,
  COLOR_TONES,
  contrastingTextColor,
  DEFAULT_ACCENT,
  DEFAULT_EDITOR_BG,
  DEFAULT_FOOTER_BG,
  DEFAULT_HEADER_BG,
  DEFAULT_MAINTENANCE_TIMEZONE,
  isMaintenanceActive,
  MAX_ADMIN_QUICK_LINKS,
  MAX_FOOTER_LINKS,
  normaliseTimeOfDay,
  parseHexColor,
  SESSION_TIMEOUT_OPTIONS,
  type ColorTone,
  type SettingsRecord,
} from '@punchline/domain';
import { useEffect, useId, useMemo, useState } from 'react';
import { useEditorForm } from '../editor/editor-context';
import { EDITOR_TEXTS } from '../editor/editor-texts';
import { EditorFields, EditorScreen, FieldGrid, FormSection } from '../editor/editor-screen';
import { ReadingGapNote } from '../editor/reading-gap-note';
import { ColorField, MediaField, TextField, ToggleField } from '../editor/fields';
import { SelectControl } from '../ui/form-controls';
import { LinkListControl } from '../ui/list-controls';
import type { LockTiming } from '../editor/draft-lock';

export function GeneralSettingsForm({ timing }: { timing?: Partial<LockTiming> }) {
  return (
    <EditorScreen screen="general" timing={timing}>
      <EditorFields legend="General settings">
        <BrandingSection />
        <SiteTimeZoneSection />
        <ThemeSection />
        <FooterSection />
        <QuickLinksSection />
        <MaintenanceSection />
        <SessionSection />
      </EditorFields>
    </EditorScreen>
  );
}

function BrandingSection() {
  return (
    <FormSection title="Branding" description="How the site names and presents itself in the browser, search results and the header.">
      <FieldGrid>
        <TextField field="site_title" label="Site Title" maxLength={500} hint="Shown in the header, the browser tab and search results." />
        <TextField field="site_keywords" label="SEO Keywords" hint="Comma-separated, e.g. comedy, stand-up, improv." />
      </FieldGrid>
      <TextField field="site_description" label="Site Description" multiline rows={3} hint="One or two sentences for search results and link previews." />
      <div className="ed-grid ed-grid--2">
        <MediaField field="logo_url" label="Logo" kind="image" hint="Shown beside the site title; also the fallback hero image." />
        <MediaField field="favicon_url" label="Favicon" kind="image" hint="The small icon in browser tabs; a square PNG or SVG works best." />
      </div>
    </FormSection>
  );
}

const TONE_LABELS: Record<ColorTone, string> = { lighter: 'Lighter', bolder: 'Bolder', soft: 'Soft', highContrast: 'High contrast' };

function ThemeSection() {
  const { settings, update } = useEditorForm();
  const locked = !settings.theme_use_global;
  const color = (value: string, fallback: string) => parseHexColor(value) ?? fallback;
  const accent = color(settings.theme_accent, DEFAULT_ACCENT);
  const bg = color(settings.theme_bg, DEFAULT_EDITOR_BG);
  const headerBg = color(settings.header_bg, DEFAULT_HEADER_BG);
  const headerText = color(settings.header_text_color, contrastingTextColor(headerBg));
  const footerBg = color(settings.footer_bg, DEFAULT_FOOTER_BG);
  return (
    <FormSection title="Theme Colors" description="The site-wide colours. Each picker shows how well it contrasts with what sits on or under it.">
      <ToggleField
        field="theme_use_global"
        label="Use the site-wide theme on every page"
        hint={
          locked
            ? 'Off: each page uses its own colours from Page Configurations, so these pickers are locked. Turn this on to edit them.'
            : 'On: every page uses these colours. Turn it off to set colours per page in Page Configurations.'
        }
      />
      <div className="ed-theme">
        <div className="ed-grid ed-grid--2 ed-theme__pickers">
          <div>
            <ColorField field="theme_accent" label="Accent" fallback={DEFAULT_ACCENT} disabled={locked} contrast={{ against: bg, name: 'page background' }} />
            <div className="ed-tones" role="group" aria-label="Adjust the accent tone">
              {COLOR_TONES.map((tone) => (
                <button
                  key={tone}
                  type="button"
                  className="kit-button kit-button--small kit-button--ghost"
                  disabled={locked}
                  onClick={() => {
                    const next = adjustTone(accent, tone);
                    if (next) update({ theme_accent: next });
                  }}
                >
                  {TONE_LABELS[tone]}
                </button>
              ))}
            </div>
          </div>
          <ColorField field="theme_bg" label="Page Background" fallback={DEFAULT_EDITOR_BG} disabled={locked} contrast={{ against: contrastingTextColor(bg), name: 'body text' }} />
          <ColorField field="header_bg" label="Header Background" fallback={DEFAULT_HEADER_BG} disabled={locked} contrast={{ against: headerText, name: 'header text' }} />
          <ColorField
            field="header_text_color"
            label="Header Text"
            fallback={contrastingTextColor(headerBg)}
            disabled={locked}
            contrast={{ against: headerBg, name: 'header background' }}
          />
          <ColorField field="footer_bg" label="Footer Background" fallback={DEFAULT_FOOTER_BG} disabled={locked} contrast={{ against: contrastingTextColor(footerBg), name: 'footer text' }} />
        </div>
        <ThemePreview accent={accent} bg={bg} headerBg={headerBg} headerText={headerText} footerBg={footerBg} title={settings.site_title} />
      </div>
      <ReadingGapNote fields={['theme_bg']} />
    </FormSection>
  );
}

/** A miniature page in the chosen colours; decorative, the pickers carry the information. */
function ThemePreview({ accent, bg, headerBg, headerText, footerBg, title }: { accent: string; bg: string; headerBg: string; headerText: string; footerBg: string; title: string }) {
  return (
    <div className="ed-theme-preview" aria-hidden="true">
      <div className="ed-theme-preview__header" style={{ backgroundColor: headerBg, color: headerText }}>
        <strong>{title}</strong>
        <span>Home · Events · Media</span>
      </div>
      <div className="ed-theme-preview__page" style={{ backgroundColor: bg, color: contrastingTextColor(bg) }}>
        <span className="ed-theme-preview__heading">Live comedy tonight</span>
        <span className="ed-theme-preview__button" style={{ backgroundColor: accent, color: contrastingTextColor(accent) }}>
          Get Tickets
        </span>
      </div>
      <div className="ed-theme-preview__footer" style={{ backgroundColor: footerBg, color: contrastingTextColor(footerBg) }}>
        Footer
      </div>
    </div>
  );
}

function FooterSection() {
  const { settings, update } = useEditorForm();
  return (
    <FormSection title="Footer" description="The line at the bottom of every page and the optional Connect links.">
      <TextField field="footer_text" label="Footer text" hint="Leave empty for the default copyright line." />
      <LinkListControl
        legend="Footer links"
        value={settings.footer_links}
        onChange={(footer_links) => update({ footer_links })}
        max={MAX_FOOTER_LINKS}
        limitMessage={EDITOR_TEXTS.linkLimitReached}
        addLabel="Add footer link"
        itemNoun="Footer link"
        bareToHttps
        labelPlaceholder="Instagram"
        hint="Shown as the Connect list. Links without a scheme get https:// added; rows without a URL are dropped on save."
      />
    </FormSection>
  );
}

function QuickLinksSection() {
  const { settings, update } = useEditorForm();
  return (
    <FormSection title="Admin Quick Links" description={`Shortcuts shown in the admin sidebar, up to ${MAX_ADMIN_QUICK_LINKS}.`}>
      <LinkListControl
        legend="Quick links"
        value={settings.admin_quick_links}
        onChange={(admin_quick_links) => update({ admin_quick_links })}
        max={MAX_ADMIN_QUICK_LINKS}
        limitMessage={EDITOR_TEXTS.linkLimitReached}
        addLabel="Add quick link"
        itemNoun="Quick link"
        bareToHttps
        labelPlaceholder="Ticketing dashboard"
      />
    </FormSection>
  );
}

function timeZones(current: string): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = typeof intl.supportedValuesOf === 'function' ? intl.supportedValuesOf('timeZone') : [DEFAULT_MAINTENANCE_TIMEZONE, 'UTC'];
  const set = new Set([...zones, 'UTC', DEFAULT_MAINTENANCE_TIMEZONE]);
  if (current) set.add(current);
  return [...set].sort();
}

function useUtcClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

function TimeInput({ label, field }: { label: string; field: 'maintenance_daily_start' | 'maintenance_daily_end' }) {
  const { settings, update } = useEditorForm();
  const id = useId();
  return (
    <div className="kit-field">
      <div className="kit-field__label-row">
        <label className="kit-field__label" htmlFor={id}>
          {label}
        </label>
      </div>
      <input
        id={id}
        type="time"
        className="kit-input"
        value={normaliseTimeOfDay(settings[field])}
        aria-describedby={`${id}-hint`}
        onChange={(e) => update({ [field]: e.target.value } as Partial<SettingsRecord>)}
      />
      <p className="kit-field__hint" id={`${id}-hint`}>
        24-hour time, UTC.
      </p>
    </div>
  );
}

/** Issue 31: the zone show times are written in, for the calendar feed and search engines. */
function SiteTimeZoneSection() {
  const { settings, update } = useEditorForm();
  const zones = useMemo(() => timeZones(settings.site_timezone), [settings.site_timezone]);
  return (
    <FormSection title="Site time zone" description="Show times such as ‘March 13, 2027 8pm’ are read in this zone for calendar apps and search engines.">
      <SelectControl
        label="Time zone of show times"
        className="kit-field--narrow"
        value={settings.site_timezone || settings.maintenance_timezone || DEFAULT_MAINTENANCE_TIMEZONE}
        options={zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }))}
        onChange={(site_timezone) => update({ site_timezone })}
        hint="Until you choose one, the maintenance time zone is used."
      />
    </FormSection>
  );
}

function MaintenanceSection() {
  const { settings } = useEditorForm();
  const now = useUtcClock();
  const zones = useMemo(() => timeZones(settings.maintenance_timezone), [settings.maintenance_timezone]);
  const active = isMaintenanceActive(settings, now);
  const utcNow = `${String(now.getUTCHours()).padStart(2, '0')}:${String(now.getUTCMinutes()).padStart(2, '0')}`;
  const { update } = useEditorForm();
  return (
    <FormSection
      title="Maintenance"
      description="Replace the public site with a maintenance page, now or every day in a time window. Admins previewing the draft still see the site."
    >
      <p className={`ed-status-line ${active ? 'is-on' : ''}`} role="status">
        With these settings the maintenance page is <strong>{active ? 'showing' : 'not showing'}</strong> right now ({utcNow} UTC).
      </p>
      <ToggleField field="maintenance_enabled" label="Maintenance mode on" hint="Shows the maintenance page to visitors until you turn it off." />
      <ToggleField field="maintenance_schedule_enabled" label="Daily maintenance window" hint="Shows the maintenance page every day between the start and end time." />
      <div className="ed-grid ed-grid--3">
        <TimeInput label="Daily start" field="maintenance_daily_start" />
        <TimeInput label="Daily end" field="maintenance_daily_end" />
        <SelectControl
          label="Timezone"
          value={settings.maintenance_timezone || DEFAULT_MAINTENANCE_TIMEZONE}
          options={zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }))}
          onChange={(maintenance_timezone) => update({ maintenance_timezone })}
          hint="Kept for reference; the window is checked in UTC."
        />
      </div>
      <TextField field="maintenance_message" label="Maintenance message" multiline rows={2} hint="Shown under ‘We’ll be right back’." />
    </FormSection>
  );
}

function SessionSection() {
  const { settings, update } = useEditorForm();
  return (
    <FormSection title="Admin Session Timeout" description="After this long without activity, admins are asked whether they are still there, then signed out.">
      <SelectControl
        label="Sign admins out after"
        className="kit-field--narrow"
        value={settings.session_timeout_minutes}
        options={SESSION_TIMEOUT_OPTIONS.map((minutes) => ({ value: minutes, label: `${minutes} minutes` }))}
        onChange={(session_timeout_minutes) => update({ session_timeout_minutes })}
      />
    </FormSection>
  );
}
