import { MEDIA_TEXTS, planMediaRename, planMediaUpload, type MediaCommand } from './media.decider';
import { renamedMediaReplacements } from './media-usage';
import type { MediaEvent } from './media.events';
import { foldMedia, pendingImages, pendingSecondStep } from './media.state';
import { isRasterImage } from './image-variants';
import type { MediaUsage } from './media-usage';
import { deciderSpecification } from '../test-support/decider-specification';
import { mediaDecider } from './media.aggregate';

const given = deciderSpecification(mediaDecider);

const uploaded = (path: string, size = 1234): MediaEvent => ({
  type: 'MediaUploaded',
  data: { path, name: path.split('/').pop()!, originalName: path, size, mimeType: 'image/png', kind: 'image' },
});
const renamed = (fromPath: string, toPath: string): MediaEvent => ({ type: 'MediaRenamed', data: { fromPath, toPath, fromName: fromPath, toName: toPath } });
const deleted = (path: string): MediaEvent => ({ type: 'MediaDeleted', data: { path, name: path, size: 1234, mimeType: 'image/png' } });
const upload = (path: string): MediaCommand => ({ type: 'RecordMediaUpload', data: { path, originalName: 'Hero.PNG', size: 1234, mimeType: 'image/png', kind: 'image' } });
const used: MediaUsage = { stage: 'live', location: 'Home › hero_image_url', field: 'hero_image_url', path: 'hero_image_url', url: '/api/storage/proxy?bucket=media&path=hero.png' };

describe('RecordMediaUpload', () => {
  it('records a new file', () => {
    given()
      .when(upload('hero.png'))
      .then([{ type: 'MediaUploaded', data: { path: 'hero.png', name: 'hero.png', originalName: 'Hero.PNG', size: 1234, mimeType: 'image/png', kind: 'image' } }]);
  });

  it('refuses a path that is taken, and takes it again once the file is gone', () => {
    given(uploaded('hero.png')).when(upload('hero.png')).thenFails('CONFLICT', MEDIA_TEXTS.nameTaken);
    given(uploaded('hero.png'), deleted('hero.png')).when(upload('hero.png')).then([uploaded('hero.png')].map((e) => ({ ...e, data: { ...e.data, originalName: 'Hero.PNG' } })) as MediaEvent[]);
  });

  it('refuses unsafe paths and types that do not agree with the path', () => {
    given().when(upload('../hero.png')).thenFails('INVALID_INPUT', MEDIA_TEXTS.badUpload);
    given().when(upload('hero.mp4')).thenFails('INVALID_INPUT', MEDIA_TEXTS.badUpload);
    given().when({ type: 'RecordMediaUpload', data: { path: 'a.png', originalName: 'a.png', size: 0, mimeType: 'image/png', kind: 'image' } }).thenFails('INVALID_INPUT', MEDIA_TEXTS.badUpload);
  });
});

describe('RenameMedia', () => {
  it('renames within the library, keeping the extension', () => {
    given(uploaded('hero.png'))
      .when({ type: 'RenameMedia', data: { fromPath: 'hero.png', toName: 'Opening Night' } })
      .then([{ type: 'MediaRenamed', data: { fromPath: 'hero.png', toPath: 'opening-night.png', fromName: 'hero.png', toName: 'opening-night.png' } }]);
  });

  it('keeps a file stored in a folder in its folder', () => {
    given(uploaded('2024/hero.png'))
      .when({ type: 'RenameMedia', data: { fromPath: '2024/hero.png', toName: 'poster' } })
      .then([{ type: 'MediaRenamed', data: { fromPath: '2024/hero.png', toPath: '2024/poster.png', fromName: 'hero.png', toName: 'poster.png' } }]);
  });

  it('records nothing for a blank or unchanged name (SPEC §5)', () => {
    given(uploaded('hero.png')).when({ type: 'RenameMedia', data: { fromPath: 'hero.png', toName: '  ' } }).thenNothing();
    given(uploaded('hero.png')).when({ type: 'RenameMedia', data: { fromPath: 'hero.png', toName: 'HERO.png' } }).thenNothing();
  });

  it('refuses a missing file and a name that is taken', () => {
    given(uploaded('hero.png'), renamed('hero.png', 'poster.png'))
      .when({ type: 'RenameMedia', data: { fromPath: 'hero.png', toName: 'x' } })
      .thenFails('NOT_FOUND', MEDIA_TEXTS.notFound);
    given(uploaded('hero.png'), uploaded('poster.png'))
      .when({ type: 'RenameMedia', data: { fromPath: 'hero.png', toName: 'poster' } })
      .thenFails('CONFLICT', MEDIA_TEXTS.nameTaken, { path: 'poster.png' });
  });
});

describe('DeleteMedia', () => {
  it('deletes an unused file', () => {
    given(uploaded('hero.png', 99))
      .when({ type: 'DeleteMedia', data: { path: 'hero.png', usage: [] } })
      .then([{ type: 'MediaDeleted', data: { path: 'hero.png', name: 'hero.png', size: 99, mimeType: 'image/png' } }]);
  });

  it('refuses while the settings use the file, naming where', () => {
    given(uploaded('hero.png'))
      .when({ type: 'DeleteMedia', data: { path: 'hero.png', usage: [used] } })
      .thenFails('CONFLICT', MEDIA_TEXTS.inUse, { usage: [used] });
  });

  it('refuses a file that is not in the library', () => {
    given(uploaded('hero.png'), deleted('hero.png')).when({ type: 'DeleteMedia', data: { path: 'hero.png', usage: [] } }).thenFails('NOT_FOUND', MEDIA_TEXTS.notFound);
  });
});

describe('planning', () => {
  it('plans unique sanitised upload names, also against uploads still being stored', () => {
    const state = foldMedia([uploaded('hero.png')]);
    expect(planMediaUpload(state, 'Hero.PNG')).toBe('hero-2.png');
    expect(planMediaUpload(state, 'Hero.PNG', new Set(['hero-2.png']))).toBe('hero-3.png');
    expect(planMediaUpload(state, 'New One.png')).toBe('new-one.png');
  });

  it('plans a rename the way the decider decides it', () => {
    const state = foldMedia([uploaded('hero.png')]);
    expect(planMediaRename(state, 'hero.png', 'x')).toEqual({ kind: 'rename', fromPath: 'hero.png', toPath: 'x.png', fromName: 'hero.png', toName: 'x.png' });
    expect(planMediaRename(state, 'hero.png', '')).toEqual({ kind: 'noop' });
  });
});

describe('image pipeline results (issue 13)', () => {
  const sha = 'c'.repeat(64);
  const variant = { width: 320, height: 240, format: 'webp' as const, key: `_variants/${sha}/320.webp`, size: 900 };
  const processed = (path: string, extra: { cleanedSize?: number } = {}): MediaCommand => ({ type: 'RecordImageProcessed', data: { path, contentSha256: sha, width: 640, height: 480, variants: [variant], ...extra } });

  it('records an upload’s upright size when it was cleaned at upload', () => {
    given()
      .when({ type: 'RecordMediaUpload', data: { path: 'p.png', originalName: 'p.png', size: 10, mimeType: 'image/png', kind: 'image', image: { width: 640, height: 480 } } })
      .then([{ type: 'MediaUploaded', data: { path: 'p.png', name: 'p.png', originalName: 'p.png', size: 10, mimeType: 'image/png', kind: 'image', image: { width: 640, height: 480 } } }]);
  });

  it('records the variants once; a repeated result (a second pass, another instance) records nothing', () => {
    given(uploaded('hero.png'))
      .when(processed('hero.png', { cleanedSize: 999 }))
      .then([{ type: 'MediaImageProcessed', data: { path: 'hero.png', contentSha256: sha, width: 640, height: 480, variants: [variant], cleanedSize: 999 } }]);
    const done: MediaEvent = { type: 'MediaImageProcessed', data: { path: 'hero.png', contentSha256: sha, width: 640, height: 480, variants: [variant] } };
    given(uploaded('hero.png'), done).when(processed('hero.png')).then([]);
    // A later step (AVIF) can still fail; recorded once.
    given(uploaded('hero.png'), done).when({ type: 'RecordImageFailure', data: { path: 'hero.png', reason: 'late' } }).then([{ type: 'MediaImageFailed', data: { path: 'hero.png', reason: 'late' } }]);
  });

  it('refuses a result for a file that is gone (deleted or renamed meanwhile) and a result without variants', () => {
    given(uploaded('hero.png'), deleted('hero.png')).when(processed('hero.png')).thenFails('NOT_FOUND', MEDIA_TEXTS.notFound);
    given(uploaded('hero.png'), renamed('hero.png', 'stage.png')).when(processed('hero.png')).thenFails('NOT_FOUND', MEDIA_TEXTS.notFound);
    given(uploaded('hero.png'))
      .when({ type: 'RecordImageProcessed', data: { path: 'hero.png', contentSha256: sha, width: 640, height: 480, variants: [] } })
      .thenFails('INVALID_INPUT', MEDIA_TEXTS.badImageResult);
  });

  it('adds later variants (AVIF) once, only for the content the first ones were made from', () => {
    const done: MediaEvent = { type: 'MediaImageProcessed', data: { path: 'hero.png', contentSha256: sha, width: 640, height: 480, variants: [variant] } };
    const avif = { ...variant, format: 'avif' as const, key: `_variants/${sha}/320.avif` };
    const add = (contentSha256: string, variants = [avif, variant]): MediaCommand => ({ type: 'RecordImageVariantsAdded', data: { path: 'hero.png', contentSha256, variants } });
    given(uploaded('hero.png'), done).when(add(sha)).then([{ type: 'MediaImageVariantsAdded', data: { path: 'hero.png', contentSha256: sha, variants: [avif] } }]);
    given(uploaded('hero.png'), done, { type: 'MediaImageVariantsAdded', data: { path: 'hero.png', contentSha256: sha, variants: [avif] } }).when(add(sha)).then([]);
    given(uploaded('hero.png'), done).when(add('e'.repeat(64))).then([]);
    given(uploaded('hero.png'), deleted('hero.png')).when(add(sha)).thenFails('NOT_FOUND', MEDIA_TEXTS.notFound);
    const state = foldMedia([uploaded('hero.png'), done]);
    expect(pendingSecondStep(state).map((f) => f.path)).toEqual(['hero.png']);
    expect(pendingSecondStep(foldMedia([uploaded('hero.png'), done, { type: 'MediaImageVariantsAdded', data: { path: 'hero.png', contentSha256: sha, variants: [avif] } }]))).toEqual([]);
  });

  it('records a failure once, with its reason', () => {
    given(uploaded('hero.png'))
      .when({ type: 'RecordImageFailure', data: { path: 'hero.png', reason: 'The image is incomplete.' } })
      .then([{ type: 'MediaImageFailed', data: { path: 'hero.png', reason: 'The image is incomplete.' } }]);
    given(uploaded('hero.png'), { type: 'MediaImageFailed', data: { path: 'hero.png', reason: 'x' } })
      .when({ type: 'RecordImageFailure', data: { path: 'hero.png', reason: 'again' } })
      .then([]);
  });

  it('keeps what the pipeline knows through a rename, and lists the file as pending until then', () => {
    const state = foldMedia([uploaded('hero.png'), { type: 'MediaImageProcessed', data: { path: 'hero.png', contentSha256: sha, width: 640, height: 480, variants: [variant] } }, renamed('hero.png', 'stage.png'), uploaded('new.png')]);
    expect(state.files.get('stage.png')?.image).toEqual({ width: 640, height: 480, clean: true, variants: [variant], contentSha256: sha });
    expect(pendingImages(state, isRasterImage).map((f) => f.path)).toEqual(['new.png']);
  });
});

describe('renames the library remembers (issue 13 point 5)', () => {
  it('follows chains to where a file is now, and forgets a name taken again or a file deleted', () => {
    const chain = foldMedia([uploaded('a.png'), renamed('a.png', 'b.png'), renamed('b.png', 'c.png')]);
    expect([...chain.renamed]).toEqual([
      ['a.png', 'c.png'],
      ['b.png', 'c.png'],
    ]);
    expect([...foldMedia([uploaded('a.png'), renamed('a.png', 'b.png'), uploaded('a.png')]).renamed]).toEqual([]);
    expect([...foldMedia([uploaded('a.png'), renamed('a.png', 'b.png'), deleted('b.png')]).renamed]).toEqual([]);
    // Renamed back: the former name is the file's name again, so it is no longer a former name.
    expect([...foldMedia([uploaded('a.png'), renamed('a.png', 'b.png'), renamed('b.png', 'a.png')]).renamed]).toEqual([['b.png', 'a.png']]);
  });

  it('finds every link to a former path, in any of its forms, with the proxy URL of the current one', () => {
    const renames = new Map([['old.png', 'new.png']]);
    const settings = { hero_image_url: '/api/storage/proxy?bucket=media&path=old.png', who_image_url: '/api/storage/proxy?bucket=media&path=other.png', logo_url: 'https://punchline.example/api/storage/proxy?bucket=media&path=old.png' };
    const found = renamedMediaReplacements(settings, renames, { ownOrigins: ['https://punchline.example'] });
    expect(found.sort((a, b) => a.from.localeCompare(b.from))).toEqual([
      { from: settings.hero_image_url, to: '/api/storage/proxy?bucket=media&path=new.png', fromPath: 'old.png', toPath: 'new.png' },
      { from: settings.logo_url, to: '/api/storage/proxy?bucket=media&path=new.png', fromPath: 'old.png', toPath: 'new.png' },
    ]);
    expect(renamedMediaReplacements(settings, new Map())).toEqual([]);
  });
});
