/**
 * What a list says when its search could not use the index (no three letters or digits in a row)
 * and so looked through only the newest rows (issue 15): the reader learns both what happened and
 * how to search everything.
 */
export function searchWindowHint(searchedNewest: number, noun: 'entries' | 'messages'): string {
  return `A search without three letters or digits in a row looks through the newest ${searchedNewest.toLocaleString('en-US')} ${noun} only; type a longer word to search them all.`;
}
