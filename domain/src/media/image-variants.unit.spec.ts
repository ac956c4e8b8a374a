import { fallbackFormatOf, pickVariant, responsiveImageOf, variantFormatsFor, variantKey, variantWidthsFor, type ImageVariant } from './image-variants';

describe('image variants', () => {
  it('makes the standard widths below the original, and the original width up to the largest; never wider', () => {
    expect(variantWidthsFor(4032)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidthsFor(1200)).toEqual([320, 640, 960, 1200]);
    expect(variantWidthsFor(640)).toEqual([320, 640]);
    expect(variantWidthsFor(100)).toEqual([100]);
  });

  it('encodes AVIF only up to 1280 px, and falls back to PNG where transparency or a GIF needs it', () => {
    expect(variantFormatsFor(1280, 'jpeg')).toEqual(['avif', 'webp', 'jpeg']);
    expect(variantFormatsFor(1920, 'jpeg')).toEqual(['webp', 'jpeg']);
    expect([fallbackFormatOf('image/jpeg', false), fallbackFormatOf('image/webp', true), fallbackFormatOf('image/gif', false)]).toEqual(['jpeg', 'png', 'png']);
  });

  const v = (width: number, format: ImageVariant['format']): ImageVariant => ({ width, height: width / 2, format, key: variantKey('d'.repeat(64), width, format), size: width });
  const variants = [v(320, 'webp'), v(640, 'webp'), v(960, 'webp'), v(320, 'jpeg'), v(960, 'jpeg')];

  it('answers the narrowest variant at least as wide as asked, else the widest, in the format asked', () => {
    expect(pickVariant(variants, 500, 'webp')?.width).toBe(640);
    expect(pickVariant(variants, 640, 'webp')?.width).toBe(640);
    expect(pickVariant(variants, 5000, 'jpeg')?.width).toBe(960);
    expect(pickVariant(variants, 320, 'avif')).toBeNull();
    expect(variantKey('d'.repeat(64), 320, 'jpeg')).toBe(`_variants/${'d'.repeat(64)}/320.jpg`);
  });

  it('writes srcset per format, narrowest first, with the fallback format for the img', () => {
    const image = responsiveImageOf('shows/hero.jpg', { width: 1200, height: 600, variants });
    expect(image).toEqual({
      width: 1200,
      height: 600,
      srcset: {
        webp: '/api/storage/proxy?bucket=media&path=shows/hero.jpg&w=320&format=webp 320w, /api/storage/proxy?bucket=media&path=shows/hero.jpg&w=640&format=webp 640w, /api/storage/proxy?bucket=media&path=shows/hero.jpg&w=960&format=webp 960w',
        jpeg: '/api/storage/proxy?bucket=media&path=shows/hero.jpg&w=320&format=jpeg 320w, /api/storage/proxy?bucket=media&path=shows/hero.jpg&w=960&format=jpeg 960w',
      },
      fallback: 'jpeg',
    });
    expect(responsiveImageOf('x.jpg', { width: 10, height: 10, variants: [] })).toBeNull();
  });
});
