/**
 * The frame of an editing screen: the shared header, the read-only banner, the cross-screen note and
 * the form, which is one disabled <fieldset> whenever SPEC §4 says the fields are read-only.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DraftEditorProvider, useEditor } from './editor-context';
import { EditorHeader } from './editor-header';
import { useEditorIdentity } from './editor-identity';
import type { LockTiming } from './draft-lock';
import { UnsavedChangesGuard } from './leave-guard';
import { useAutosaveBeforeLogout } from './use-autosave-before-logout';
import { LoadError } from '../ui/list-status';
import './editor.css';

/** The two editing screens (SPEC §2); each points to the other for what it does not edit. */
const EDITOR_SCREENS = {
  general: {
    title: 'General Settings',
    description: 'Branding, theme, footer, quick links, maintenance and session length for the whole site.',
    note: { text: 'Page text, images and per-page colour tweaks are edited in', linkText: 'Page Configurations', to: '/admin/page-configurations' },
  },
  pages: {
    title: 'Page Configurations',
    description: 'The words, images, lists and page colours of each public page.',
    note: { text: 'Logos, site-wide theme colours and maintenance are set in', linkText: 'General Settings', to: '/admin/general' },
  },
} as const;

export interface EditorScreenProps {
  screen: keyof typeof EDITOR_SCREENS;
  timing?: Partial<LockTiming>;
  /** Rendered once the settings are loaded. */
  children: ReactNode;
}

/** The signed-in admin edits: their email tells "held by me" from "locked by another" (SPEC §4). */
export function EditorScreen({ screen, timing, children }: EditorScreenProps) {
  const myEmail = useEditorIdentity();
  return (
    <DraftEditorProvider myEmail={myEmail} timing={timing}>
      <EditorScreenBody {...EDITOR_SCREENS[screen]}>{children}</EditorScreenBody>
    </DraftEditorProvider>
  );
}

type ScreenTexts = (typeof EDITOR_SCREENS)[keyof typeof EDITOR_SCREENS];

function EditorScreenBody({ title, description, note, children }: ScreenTexts & { children: ReactNode }) {
  const { editor, controls } = useEditor();
  const { loading, loadError, current } = editor.state;
  useAutosaveBeforeLogout();
  return (
    <div className="kit-root">
      <UnsavedChangesGuard when={editor.dirty} />
      <EditorHeader title={title} description={description} />
      <p className="ed-note">
        <span aria-hidden="true" className="ed-note__icon">
          ℹ
        </span>
        <span>
          {note.text} <Link to={note.to}>{note.linkText}</Link>.
        </span>
      </p>
      {controls.readOnlyBanner && current !== null ? (
        <div className="ed-banner" role="status">
          <svg className="ed-banner__icon" aria-hidden="true" viewBox="0 0 16 16" width="18" height="18" focusable="false">
            <path fill="currentColor" d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1.5 1.5 0 0 0-1.5 1.5v5A1.5 1.5 0 0 0 4 15h8a1.5 1.5 0 0 0 1.5-1.5v-5A1.5 1.5 0 0 0 12 7h-.5V4.5A3.5 3.5 0 0 0 8 1Zm-2 6V4.5a2 2 0 1 1 4 0V7H6Z" />
          </svg>
          {controls.readOnlyBanner}
        </div>
      ) : null}
      {loadError !== null ? (
        <LoadError message={loadError} onRetry={() => void editor.reload()} />
      ) : null}
      {current === null && loading ? (
        <p className="kit-muted ed-loading" role="status">
          Loading settings…
        </p>
      ) : null}
      {current !== null ? (
        <form
          className={`ed-form${loading ? ' is-loading' : ''}`}
          aria-busy={loading || undefined}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (controls.canSave) void editor.save();
          }}
        >
          {children}
        </form>
      ) : null}
    </div>
  );
}

/** The fields of a screen: one <fieldset>, disabled whenever SPEC §4 makes them read-only (navigation such as tabs stays outside). */
export function EditorFields({ legend, children }: { legend: string; children: ReactNode }) {
  const { controls } = useEditor();
  return (
    <fieldset className="ed-form__fields" disabled={!controls.canEdit}>
      <legend className="visually-hidden">{legend}</legend>
      {children}
    </fieldset>
  );
}

export function FormSection({ title, description, children, id }: { title: string; description?: ReactNode; children: ReactNode; id?: string }) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`;
  return (
    <section className="ed-section" aria-labelledby={headingId} id={id}>
      <div className="ed-section__head">
        <h2 className="ed-section__title" id={headingId}>
          {title}
        </h2>
        {description ? <p className="ed-section__description">{description}</p> : null}
      </div>
      <div className="ed-section__body">{children}</div>
    </section>
  );
}

/** A responsive grid of fields: one column on phones, two or more on wider screens. */
export function FieldGrid({ children, columns = 2 }: { children: ReactNode; columns?: 2 | 3 }) {
  return <div className={`ed-grid ed-grid--${columns}`}>{children}</div>;
}
