import {
  addMediaItem,
  addMediaSection,
  blankMediaItem,
  canMoveMediaSection,
  isArchiveSection,
  moveMediaItem,
  moveMediaSection,
  pinArchiveLast,
  removeMediaItem,
  removeMediaSection,
  renameMediaSection,
  updateMediaItem,
  visibleMediaSections,
} from './media-sections';
import type { MediaSection } from './settings-record';

const item = (url: string) => ({ type: 'image' as const, title: url, url });
const sections = (): MediaSection[] => [
  { title: 'Clips', items: [item('a'), item('b')] },
  { title: 'Photos', items: [item('c')] },
  { title: ' archive ', items: [item('z')] },
];

describe('Archive section', () => {
  it('is recognised trimmed and case-insensitively', () => {
    expect(isArchiveSection({ title: '  ARCHIVE ' })).toBe(true);
    expect(isArchiveSection({ title: 'Archives' })).toBe(false);
  });
  it('is pinned to the end and hidden from the public', () => {
    const pinned = pinArchiveLast([{ title: 'Archive', items: [] }, { title: 'A', items: [] }, { title: 'B', items: [] }]);
    expect(pinned.map((s) => s.title)).toEqual(['A', 'B', 'Archive']);
    expect(visibleMediaSections(pinned).map((s) => s.title)).toEqual(['A', 'B']);
  });
  it('cannot move up, and nothing moves below it', () => {
    const s = sections();
    expect(canMoveMediaSection(s, 2, 'up')).toBe(false);
    expect(moveMediaSection(s, 2, 'up')).toBe(s);
    expect(canMoveMediaSection(s, 1, 'down')).toBe(false);
  });
});

describe('section operations', () => {
  it('moves a section and leaves the input untouched', () => {
    const s = sections();
    const moved = moveMediaSection(s, 1, 'up');
    expect(moved.map((x) => x.title)).toEqual(['Photos', 'Clips', ' archive ']);
    expect(s[0].title).toBe('Clips');
    expect(moveMediaSection(s, 0, 'up')).toBe(s);
  });
  it('adds a new section before Archive with one blank item', () => {
    const added = addMediaSection(sections());
    expect(added.map((x) => x.title)).toEqual(['Clips', 'Photos', 'New Section', ' archive ']);
    expect(added[2].items).toEqual([blankMediaItem()]);
  });
  it('removes and renames sections (a section renamed Archive is pinned)', () => {
    expect(removeMediaSection(sections(), 0).map((x) => x.title)).toEqual(['Photos', ' archive ']);
    expect(renameMediaSection(sections(), 0, 'Archive').map((x) => x.title)).toEqual(['Photos', 'Archive', ' archive ']);
    expect(removeMediaSection(sections(), 9)).toHaveLength(3);
  });
});

describe('item operations', () => {
  it('adds and updates items', () => {
    const s = addMediaItem(sections(), 1);
    expect(s[1].items).toEqual([item('c'), blankMediaItem()]);
    expect(updateMediaItem(s, 1, 1, { type: 'video', url: 'v.mp4' })[1].items[1]).toEqual({ type: 'video', title: '', url: 'v.mp4' });
  });
  it('removing the last item leaves one blank item', () => {
    expect(removeMediaItem(sections(), 1, 0)[1].items).toEqual([blankMediaItem()]);
    expect(removeMediaItem(sections(), 0, 0)[0].items).toEqual([item('b')]);
  });
  it('moves an item to the end of another section', () => {
    const moved = moveMediaItem(sections(), { section: 0, item: 0 }, { section: 1 });
    expect(moved[0].items).toEqual([item('b')]);
    expect(moved[1].items).toEqual([item('c'), item('a')]);
  });
  it('moving the only item out leaves a blank one behind', () => {
    const moved = moveMediaItem(sections(), { section: 1, item: 0 }, { section: 0 });
    expect(moved[1].items).toEqual([blankMediaItem()]);
    expect(moved[0].items.map((i) => i.url)).toEqual(['a', 'b', 'c']);
  });
  it("moves an item to a new section named 'New Section' placed before Archive", () => {
    const moved = moveMediaItem(sections(), { section: 0, item: 1 }, { newSection: true });
    expect(moved.map((x) => x.title)).toEqual(['Clips', 'Photos', 'New Section', ' archive ']);
    expect(moved[2].items).toEqual([item('b')]);
    expect(moveMediaItem(sections(), { section: 0, item: 1 }, { newSection: 'Specials' })[2].title).toBe('Specials');
    expect(moveMediaItem(sections(), { section: 0, item: 1 }, { newSection: '  ' })[2].title).toBe('New Section');
  });
  it('ignores moves into the same section or out of range', () => {
    const s = sections();
    expect(moveMediaItem(s, { section: 0, item: 0 }, { section: 0 })).toBe(s);
    expect(moveMediaItem(s, { section: 0, item: 5 }, { section: 1 })).toBe(s);
    expect(moveMediaItem(s, { section: 0, item: 0 }, { section: 7 })).toBe(s);
  });
});
