import { MEDIA_NAME_MAX_BASE_LENGTH, renamedMediaFileName, sanitiseMediaFileName, uniqueMediaFileName } from './media-file-name';

describe('sanitiseMediaFileName', () => {
  it.each([
    ['My Photo (1).JPG', 'my-photo-1.jpg'],
    ['Café Crème.png', 'cafe-creme.png'],
    ['../../etc/passwd.png', 'passwd.png'],
    ['C:\\Users\\ana\\Desktop\\hero shot.webp', 'hero-shot.webp'],
    ['  --weird__name--.gif', 'weird__name.gif'],
    ['<script>.svg', 'script.svg'],
    ['.png', 'png'],
    ['???.mp4', 'file.mp4'],
    ['no-extension', 'no-extension'],
    ['a.b.c.MOV', 'a-b-c.mov'],
  ])('%j → %j', (input, expected) => {
    expect(sanitiseMediaFileName(input)).toBe(expected);
  });

  it('cuts long names to the maximum base length, keeping the extension', () => {
    const name = sanitiseMediaFileName(`${'x'.repeat(300)}.png`);
    expect(name).toBe(`${'x'.repeat(MEDIA_NAME_MAX_BASE_LENGTH)}.png`);
  });
});

describe('uniqueMediaFileName', () => {
  it('keeps a free name and numbers a taken one', () => {
    const taken = new Set(['hero.png', 'hero-2.png', 'clip']);
    expect(uniqueMediaFileName('poster.png', (n) => taken.has(n))).toBe('poster.png');
    expect(uniqueMediaFileName('hero.png', (n) => taken.has(n))).toBe('hero-3.png');
    expect(uniqueMediaFileName('clip', (n) => taken.has(n))).toBe('clip-2');
  });
});

describe('renamedMediaFileName', () => {
  it('keeps the extension whether or not the new name repeats it', () => {
    expect(renamedMediaFileName('photo.png', 'Hero Image')).toBe('hero-image.png');
    expect(renamedMediaFileName('photo.png', 'hero.PNG')).toBe('hero.png');
    expect(renamedMediaFileName('photo.png', 'hero.jpg')).toBe('hero-jpg.png');
    expect(renamedMediaFileName('photo.png', '../../secret')).toBe('secret.png');
  });

  it('gives null for a blank name, or one with nothing usable in it', () => {
    expect(renamedMediaFileName('photo.png', '   ')).toBeNull();
    expect(renamedMediaFileName('photo.png', '???')).toBeNull();
    expect(renamedMediaFileName('photo.png', 'photo.png/')).toBeNull();
  });
});
