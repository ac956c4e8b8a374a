import {
  adjustTone,
  checkHexColor,
  contrastingTextColor,
  contrastLabel,
  contrastRatio,
  HEX_COLOR_MESSAGE,
  mixColors,
  normaliseHexColor,
  parseHexColor,
} from './hex-color';

describe('parseHexColor (lenient reading)', () => {
  it.each([
    ['#ffaa00', '#FFAA00'],
    ['ffaa00', '#FFAA00'],
    ['#abc', '#AABBCC'],
    ['abc', '#AABBCC'],
    ['  #0f0  ', '#00FF00'],
    ['#FFAA00FF', '#FFAA00'],
    ['#1234567', '#123456'],
    ['#zz11x22y33', '#112233'],
  ])('reads %j as %s', (input, expected) => {
    expect(parseHexColor(input)).toBe(expected);
  });

  it.each([[''], ['   '], ['#'], ['#12'], ['#1234'], ['#12345'], ['red'], [null], [undefined], [123456], [{}]])('refuses %j', (input) => {
    expect(parseHexColor(input)).toBeNull();
  });
});

describe('normaliseHexColor', () => {
  it('falls back to the default when blank or invalid', () => {
    expect(normaliseHexColor('', '#FFD700')).toBe('#FFD700');
    expect(normaliseHexColor('#12', '#FFD700')).toBe('#FFD700');
    expect(normaliseHexColor(undefined, '#000000')).toBe('#000000');
  });
  it('keeps a valid colour', () => {
    expect(normaliseHexColor('#fff', '#000000')).toBe('#FFFFFF');
  });
});

describe('checkHexColor (server)', () => {
  it('accepts blank as unset', () => {
    expect(checkHexColor('')).toEqual({ ok: true, value: '' });
    expect(checkHexColor(null)).toEqual({ ok: true, value: '' });
  });
  it('accepts hex digits with optional # and cuts to 6', () => {
    expect(checkHexColor('abc')).toEqual({ ok: true, value: '#AABBCC' });
    expect(checkHexColor('#11223344')).toEqual({ ok: true, value: '#112233' });
  });
  it.each([['rgb(1,2,3)'], ['#12'], ['red'], ['#12 34 56'], [42], ['url(x)']])('refuses %j with the SPEC message', (input) => {
    expect(checkHexColor(input)).toEqual({ ok: false, message: HEX_COLOR_MESSAGE });
  });
});

describe('contrast', () => {
  it('is 21 for black on white and 1 for equal colours', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777', '#777777')).toBeCloseTo(1, 5);
  });
  it('is symmetric', () => {
    expect(contrastRatio('#FFD700', '#111111')).toBeCloseTo(contrastRatio('#111111', '#FFD700') as number, 10);
  });
  it('is null for an invalid colour', () => {
    expect(contrastRatio('nope', '#FFFFFF')).toBeNull();
  });
  it.each([
    [21, 'AAA'],
    [7, 'AAA'],
    [6.99, 'AA'],
    [4.5, 'AA'],
    [4.49, 'AA (large)'],
    [3, 'AA (large)'],
    [2.99, 'Low'],
    [1, 'Low'],
  ])('labels %d as %s', (ratio, label) => {
    expect(contrastLabel(ratio)).toBe(label);
  });
  it('picks white text on dark backgrounds and near-black on light ones', () => {
    expect(contrastingTextColor('#000000')).toBe('#FFFFFF');
    expect(contrastingTextColor('#050505')).toBe('#FFFFFF');
    expect(contrastingTextColor('#FFFFFF')).toBe('#111111');
    expect(contrastingTextColor('#FFD700')).toBe('#111111');
    expect(contrastingTextColor('garbage')).toBe('#FFFFFF');
  });
});

describe('tone adjustments', () => {
  it('mixes toward a target by the given share', () => {
    expect(mixColors('#000000', '#FFFFFF', 0.5)).toBe('#808080');
    expect(mixColors('#000000', '#FFFFFF', 2)).toBe('#FFFFFF');
    expect(mixColors('x', '#FFFFFF', 0.5)).toBeNull();
  });
  it('applies SPEC §9 amounts', () => {
    // 0 + 255 * 0.18 = 45.9 → 46 (0x2E); 255 * 0.82 = 209.1 → 209 (0xD1)
    expect(adjustTone('#000000', 'lighter')).toBe('#2E2E2E');
    expect(adjustTone('#FFFFFF', 'bolder')).toBe('#D1D1D1');
    // 0 + 128 * 0.25 = 32 (0x20)
    expect(adjustTone('#000000', 'soft')).toBe('#202020');
    // 255 * 0.35 = 89.25 → 89 (0x59)
    expect(adjustTone('#000000', 'highContrast')).toBe('#595959');
    expect(adjustTone('nope', 'soft')).toBeNull();
  });
});
