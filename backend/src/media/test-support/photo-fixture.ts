import sharp from 'sharp';

/**
 * A phone photo as phones write it: landscape pixels stored sideways with EXIF orientation 6
 * ("rotate 90° clockwise to view"), a GPS position and camera tags. The top-left quarter of the
 * stored pixels is red, so after orientation the red block is at the top right.
 */
export async function phonePhoto(options: { width?: number; height?: number; quality?: number; noise?: boolean } = {}): Promise<Buffer> {
  const width = options.width ?? 800;
  const height = options.height ?? 600;
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  let seed = 7;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * channels;
      const red = x < width / 2 && y < height / 2;
      // Noise makes the file as heavy as a real photo (a smooth gradient compresses to nothing).
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const n = options.noise === false ? 0 : (seed >> 16) % 48;
      pixels[i] = red ? 220 : Math.min(255, (x * 255) / width / 2 + n);
      pixels[i + 1] = red ? 20 : Math.min(255, (y * 255) / height / 2 + n);
      pixels[i + 2] = red ? 20 : Math.min(255, 120 + n);
    }
  }
  return sharp(pixels, { raw: { width, height, channels } })
    .jpeg({ quality: options.quality ?? 92 })
    .withExif({
      IFD0: { Make: 'Phonecam', Model: 'Pocket 12', Software: 'Camera 1.0' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 52/1 4425/100', GPSLongitudeRef: 'W', GPSLongitude: '87/1 37/1 4100/100' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}
