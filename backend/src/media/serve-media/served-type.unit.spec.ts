import { servedType } from './served-type';

describe('servedType', () => {
  it('serves library files with the type of their extension, whatever was stored', () => {
    expect(servedType('hero.png', 'text/html')).toEqual({ contentType: 'image/png', disposition: 'inline' });
    expect(servedType('logo.svg', 'application/octet-stream')).toEqual({ contentType: 'image/svg+xml', disposition: 'inline' });
  });

  it('keeps stored image and video types of older objects, and downloads anything else', () => {
    expect(servedType('2019/poster.avif', 'image/avif')).toEqual({ contentType: 'image/avif', disposition: 'inline' });
    expect(servedType('clip.ogv', 'Video/Ogg; codecs=theora')).toEqual({ contentType: 'video/ogg', disposition: 'inline' });
    expect(servedType('page.html', 'text/html')).toEqual({ contentType: 'application/octet-stream', disposition: 'attachment' });
    expect(servedType('drawing', 'image/svg+xml')).toEqual({ contentType: 'application/octet-stream', disposition: 'attachment' });
  });
});
