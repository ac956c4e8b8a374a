import { renderToStaticMarkup } from 'react-dom/server';
import { ColorControl, ContrastBadge, sanitiseHexInput } from './form-controls';

describe('hex entry (SPEC §5)', () => {
  it('strips non-hex characters, cuts to 6 digits and upper-cases', () => {
    expect(sanitiseHexInput('#ffaa00')).toBe('#FFAA00');
    expect(sanitiseHexInput('zz12-34gg56789')).toBe('#123456');
    expect(sanitiseHexInput('ghij')).toBe('');
  });

  it('shows the invalid-hex message for lengths other than 3 or 6', () => {
    const html = (value: string) => renderToStaticMarkup(<ColorControl label="Accent" value={value} fallback="#FFD700" onChange={() => undefined} />);
    expect(html('#FFAA')).toContain('Enter a 3- or 6-digit hex value such as #FFAA00.');
    expect(html('#FA0')).not.toContain('Enter a 3- or 6-digit');
    expect(html('')).not.toContain('Enter a 3- or 6-digit');
  });
});

describe('contrast label (SPEC §9)', () => {
  const label = (color: string, against: string) => renderToStaticMarkup(<ContrastBadge color={color} against={against} againstName="page background" />);
  it('names AAA, AA, AA (large) and Low', () => {
    expect(label('#FFFFFF', '#000000')).toContain('>AAA<');
    expect(label('#767676', '#FFFFFF')).toContain('>AA<');
    expect(label('#949494', '#FFFFFF')).toContain('>AA (large)<');
    expect(label('#FFD700', '#FFFFFF')).toContain('>Low<');
  });
});
