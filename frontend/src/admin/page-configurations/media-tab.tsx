/**
 * Media tab (SPEC §2, §4): sections of images and videos. Archive sections are hidden publicly and
 * pinned last; removing a section's last item leaves a blank one; items move to another or a new section.
 * Every rule is domain/'s (media-sections.ts); this file only lays them out.
 */
import {
  addMediaItem,
  addMediaSection,
  canMoveMediaSection,
  isArchiveSection,
  MEDIA_ITEM_TYPES,
  moveMediaItem,
  moveMediaSection,
  NEW_SECTION_TITLE,
  pinArchiveLast,
  removeMediaItem,
  removeMediaSection,
  updateMediaItem,
  type MediaItem,
  type MediaSection,
} from '@punchline/domain';
import { useId, useState } from 'react';
import { useEditorForm } from '../editor/editor-context';
import { FormSection } from '../editor/editor-screen';
import { TextField } from '../editor/fields';
import { SelectControl, TextControl } from '../ui/form-controls';
import { RowActions } from '../ui/list-controls';
import { MediaControl } from '../editor/media-field';
import { replaceItem } from '../ui/list-ops';
import { PageThemeSection } from './page-theme-section';

const NEW_SECTION = 'new';

export function MediaTab() {
  const { settings, update } = useEditorForm();
  const sections = settings.media_sections;
  const set = (media_sections: MediaSection[]) => update({ media_sections });
  return (
    <>
      <FormSection title="Media page">
        <TextField field="media_title" label="Title" />
        <TextField field="media_intro" label="Intro" multiline rows={2} />
      </FormSection>
      <FormSection title="Sections" description="A section titled ‘Archive’ is hidden on the public site and always stays last.">
        {sections.length === 0 ? <p className="kit-list__empty">No media yet.</p> : null}
        <ol className="kit-cards">
          {sections.map((section, index) => (
            <SectionCard key={index} sections={sections} index={index} onChange={set} />
          ))}
        </ol>
        <div className="kit-list__footer">
          <button type="button" className="kit-button kit-button--small" onClick={() => set(addMediaSection(sections))}>
            + Add section
          </button>
        </div>
      </FormSection>
      <PageThemeSection page="media" />
    </>
  );
}

function SectionCard({ sections, index, onChange }: { sections: MediaSection[]; index: number; onChange: (next: MediaSection[]) => void }) {
  const { canEdit } = useEditorForm();
  const section = sections[index];
  const archive = isArchiveSection(section);
  const name = section.title.trim() || `Section ${index + 1}`;
  return (
    <li className={`kit-card${archive ? ' kit-card--archive' : ''}`}>
      <div className="kit-card__header">
        <h3 className="kit-card__title">
          {name}
          {archive ? <span className="kit-pill">Archive · hidden publicly</span> : null}
        </h3>
        <RowActions
          index={index}
          count={sections.length}
          noun={`section ${name}`}
          canMoveUp={canMoveMediaSection(sections, index, 'up')}
          canMoveDown={canMoveMediaSection(sections, index, 'down')}
          onMove={(direction) => onChange(moveMediaSection(sections, index, direction))}
          onRemove={() => onChange(removeMediaSection(sections, index))}
          removeLabel="Remove section"
        />
      </div>
      <div className="kit-card__body">
        <TextControl
          label="Section title"
          value={section.title}
          // Typing 'Archive' must not move the card under the caret; it is pinned last when the field is left.
          onChange={(title) => onChange(replaceItem(sections, index, { ...section, title }))}
          onBlur={() => {
            const pinned = pinArchiveLast(sections);
            if (pinned.some((s, i) => s !== sections[i])) onChange(pinned);
          }}
        />
        <ol className="kit-cards" aria-label={`Items in ${name}`}>
          {section.items.map((item, itemIndex) => (
            <MediaItemRow key={itemIndex} sections={sections} sectionIndex={index} itemIndex={itemIndex} item={item} onChange={onChange} disabled={!canEdit} />
          ))}
        </ol>
        <button type="button" className="kit-button kit-button--small" onClick={() => onChange(addMediaItem(sections, index))}>
          + Add item to {name}
        </button>
      </div>
    </li>
  );
}

function MediaItemRow({
  sections,
  sectionIndex,
  itemIndex,
  item,
  onChange,
  disabled,
}: {
  sections: MediaSection[];
  sectionIndex: number;
  itemIndex: number;
  item: MediaItem;
  onChange: (next: MediaSection[]) => void;
  disabled: boolean;
}) {
  const moveId = useId();
  const [target, setTarget] = useState<string>('');
  const others = sections.map((s, i) => ({ s, i })).filter(({ i }) => i !== sectionIndex);
  const noun = `item ${itemIndex + 1}`;
  const patch = (p: Partial<MediaItem>) => onChange(updateMediaItem(sections, sectionIndex, itemIndex, p));
  const move = () => {
    if (target === '') return;
    onChange(moveMediaItem(sections, { section: sectionIndex, item: itemIndex }, target === NEW_SECTION ? { newSection: true } : { section: Number(target) }));
    setTarget('');
  };
  return (
    <li className="ed-media-item">
      <div className="ed-media-item__head">
        <span className="ed-media-item__name">{item.title.trim() || `Item ${itemIndex + 1}`}</span>
        <RowActions index={itemIndex} count={1} noun={noun} onRemove={() => onChange(removeMediaItem(sections, sectionIndex, itemIndex))} removeLabel="Remove item" />
      </div>
      <div className="ed-grid ed-grid--2">
        <SelectControl label="Type" value={item.type} options={MEDIA_ITEM_TYPES.map((value) => ({ value, label: value === 'video' ? 'Video' : 'Image' }))} onChange={(type) => patch({ type })} />
        <TextControl label="Title (optional)" value={item.title} onChange={(title) => patch({ title })} />
      </div>
      <MediaControl label={`${item.type === 'video' ? 'Video' : 'Image'} for ${noun}`} kind={item.type} value={item.url} disabled={disabled} onChange={(url) => patch({ url })} />
      <div className="ed-move-item">
        <label htmlFor={moveId} className="kit-field__label">
          Move to
        </label>
        <select id={moveId} className="kit-input kit-select" value={target} onChange={(e) => setTarget(e.target.value)}>
          <option value="">Choose a section…</option>
          {others.map(({ s, i }) => (
            <option key={i} value={String(i)}>
              {s.title.trim() || `Section ${i + 1}`}
            </option>
          ))}
          <option value={NEW_SECTION}>A new section (‘{NEW_SECTION_TITLE}’)</option>
        </select>
        <button type="button" className="kit-button kit-button--small" disabled={target === ''} onClick={move}>
          Move
        </button>
      </div>
    </li>
  );
}
