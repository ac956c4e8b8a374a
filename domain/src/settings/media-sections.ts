/**
 * Media sections (SPEC §4): a section titled Archive (trimmed, case-insensitive) is hidden on the
 * public site and pinned to the end; removing the last item of a section leaves one blank item;
 * moving an item appends it to another section or to a new one ('New Section'). Every operation
 * returns a new list and leaves its input untouched; out-of-range indexes return the input as is.
 */
import type { MediaItem, MediaSection } from './settings-record';

export const ARCHIVE_SECTION_TITLE = 'Archive';
export const NEW_SECTION_TITLE = 'New Section';

export function isArchiveSection(section: Pick<MediaSection, 'title'>): boolean {
  return typeof section.title === 'string' && section.title.trim().toLowerCase() === 'archive';
}

export function blankMediaItem(): MediaItem {
  return { type: 'image', title: '', url: '' };
}

/** Archive sections move to the end, keeping their order; the others keep theirs. */
export function pinArchiveLast(sections: MediaSection[]): MediaSection[] {
  return [...sections.filter((s) => !isArchiveSection(s)), ...sections.filter((s) => isArchiveSection(s))];
}

/** What the public media page shows: every section but Archive. */
export function visibleMediaSections(sections: MediaSection[]): MediaSection[] {
  return sections.filter((s) => !isArchiveSection(s));
}

function copy(sections: MediaSection[]): MediaSection[] {
  return sections.map((s) => ({ title: s.title, items: s.items.map((i) => ({ ...i })) }));
}

const inRange = (list: readonly unknown[], index: number) => Number.isInteger(index) && index >= 0 && index < list.length;

export function addMediaSection(sections: MediaSection[], title = NEW_SECTION_TITLE): MediaSection[] {
  return pinArchiveLast([...copy(sections), { title, items: [blankMediaItem()] }]);
}

export function removeMediaSection(sections: MediaSection[], index: number): MediaSection[] {
  if (!inRange(sections, index)) return sections;
  return copy(sections).filter((_s, i) => i !== index);
}

export function renameMediaSection(sections: MediaSection[], index: number, title: string): MediaSection[] {
  if (!inRange(sections, index)) return sections;
  const next = copy(sections);
  next[index].title = title;
  return pinArchiveLast(next);
}

/** Whether the section at `index` may move one place in `direction`: Archive never moves up, and nothing moves past it. */
export function canMoveMediaSection(sections: MediaSection[], index: number, direction: 'up' | 'down'): boolean {
  if (!inRange(sections, index)) return false;
  const target = direction === 'up' ? index - 1 : index + 1;
  if (!inRange(sections, target)) return false;
  return !isArchiveSection(sections[index]) && !isArchiveSection(sections[target]);
}

export function moveMediaSection(sections: MediaSection[], index: number, direction: 'up' | 'down'): MediaSection[] {
  if (!canMoveMediaSection(sections, index, direction)) return sections;
  const target = direction === 'up' ? index - 1 : index + 1;
  const next = copy(sections);
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

export function addMediaItem(sections: MediaSection[], sectionIndex: number, item: MediaItem = blankMediaItem()): MediaSection[] {
  if (!inRange(sections, sectionIndex)) return sections;
  const next = copy(sections);
  next[sectionIndex].items.push({ ...item });
  return next;
}

export function updateMediaItem(sections: MediaSection[], sectionIndex: number, itemIndex: number, patch: Partial<MediaItem>): MediaSection[] {
  if (!inRange(sections, sectionIndex) || !inRange(sections[sectionIndex].items, itemIndex)) return sections;
  const next = copy(sections);
  next[sectionIndex].items[itemIndex] = { ...next[sectionIndex].items[itemIndex], ...patch };
  return next;
}

/** Removing the last item leaves one blank item, so a section never renders empty in the editor. */
export function removeMediaItem(sections: MediaSection[], sectionIndex: number, itemIndex: number): MediaSection[] {
  if (!inRange(sections, sectionIndex) || !inRange(sections[sectionIndex].items, itemIndex)) return sections;
  const next = copy(sections);
  const items = next[sectionIndex].items.filter((_i, i) => i !== itemIndex);
  next[sectionIndex].items = items.length === 0 ? [blankMediaItem()] : items;
  return next;
}

export type MediaItemTarget = { section: number } | { newSection: string | true };

/**
 * Removes the item from its section (leaving a blank item if it was the last) and appends it to
 * the target section, or to a new section (named 'New Section' unless given) placed before Archive.
 * Moving into its own section is a no-op.
 */
export function moveMediaItem(sections: MediaSection[], from: { section: number; item: number }, to: MediaItemTarget): MediaSection[] {
  if (!inRange(sections, from.section) || !inRange(sections[from.section].items, from.item)) return sections;
  if ('section' in to && (!inRange(sections, to.section) || to.section === from.section)) return sections;
  const moving = { ...sections[from.section].items[from.item] };
  const next = removeMediaItem(sections, from.section, from.item);
  if ('section' in to) {
    next[to.section].items.push(moving);
    return next;
  }
  const title = to.newSection === true || to.newSection.trim() === '' ? NEW_SECTION_TITLE : to.newSection;
  return pinArchiveLast([...next, { title, items: [moving] }]);
}
