import { isValidCssSize, normaliseCssSize } from './css-size';

describe('normaliseCssSize', () => {
  it.each([
    ['2rem'],
    ['1.5em'],
    ['.75rem'],
    ['24px'],
    ['5vw'],
    ['10vh'],
    ['3ch'],
    ['120%'],
    ['clamp(2rem, 5vw, 4rem)'],
    ['min(3rem, 10vw)'],
    ['max(1rem, 2vh)'],
    ['calc(1rem + 2vw)'],
    ['calc(100% - 2px)'],
    ['calc(2 * 1rem)'],
    ['calc((1rem + 2px) / 2)'],
    ['clamp(1rem, calc(1rem + 2vw), 3rem)'],
    ['var(--hero-size)'],
    ['var(--hero-size, 2rem)'],
    ['var(--hero_size, clamp(1rem, 2vw, 3rem))'],
    ['min(var(--a), 4rem)'],
    ['calc(-1 * 2px + 3rem)'],
  ])('accepts %s', (value) => {
    expect(normaliseCssSize(value)).toBe(value);
  });

  it('trims and collapses whitespace', () => {
    expect(normaliseCssSize('  clamp(2rem,   5vw,  4rem) ')).toBe('clamp(2rem, 5vw, 4rem)');
  });

  it.each([
    [''],
    ['2'],
    ['-2rem'],
    ['2pt'],
    ['2 rem'],
    ['large'],
    ['1e3px'],
    ['calc(1rem+2px)'],
    ['calc(1rem + )'],
    ['calc()'],
    ['calc(1rem, 2rem)'],
    ['clamp(1rem, 2rem)'],
    ['clamp(1rem, 2rem, 3rem, 4rem)'],
    ['var(hero)'],
    ['var(--)'],
    ['attr(data-size)'],
    ['url(x)'],
    ['expression(alert(1))'],
    ['2rem; color: red'],
    ['2rem}body{color:red'],
    ['calc(1rem /* x */ + 2px)'],
    ['"2rem"'],
    ["'2rem'"],
    ['2rem !important'],
    ['calc(1rem + 2px'],
    ['calc(1rem + 2px))'],
    ['var(--a) 2rem'],
  ])('refuses %j', (value) => {
    expect(normaliseCssSize(value)).toBe('');
  });

  it('refuses anything over 120 characters, even if well formed', () => {
    const long = `calc(${Array.from({ length: 30 }, () => '1px').join(' + ')})`;
    expect(long.length).toBeGreaterThan(120);
    expect(normaliseCssSize(long)).toBe('');
    const short = `calc(${Array.from({ length: 10 }, () => '1px').join(' + ')})`;
    expect(normaliseCssSize(short)).toBe(short);
  });

  it('reads non-strings as empty', () => {
    expect(normaliseCssSize(2)).toBe('');
    expect(normaliseCssSize(null)).toBe('');
    expect(isValidCssSize('2rem')).toBe(true);
    expect(isValidCssSize('2')).toBe(false);
  });
});
