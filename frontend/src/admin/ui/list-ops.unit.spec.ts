import { moveItem, removeItem, replaceItem } from './list-ops';

describe('list edits', () => {
  const list = ['a', 'b', 'c'];

  it('moves an item up or down and leaves the ends alone', () => {
    expect(moveItem(list, 1, 'up')).toEqual(['b', 'a', 'c']);
    expect(moveItem(list, 1, 'down')).toEqual(['a', 'c', 'b']);
    expect(moveItem(list, 0, 'up')).toEqual(list);
    expect(moveItem(list, 2, 'down')).toEqual(list);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it('removes and replaces by index without touching the input', () => {
    expect(removeItem(list, 0)).toEqual(['b', 'c']);
    expect(replaceItem(list, 2, 'z')).toEqual(['a', 'b', 'z']);
    expect(replaceItem(list, 5, 'z')).toEqual(list);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});
