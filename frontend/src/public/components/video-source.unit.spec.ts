import { videoSource } from './video-source';

describe('videoSource', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ&feature=share', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('embeds %s through youtube-nocookie.com', (url, id) => {
    expect(videoSource(url)).toEqual({ kind: 'youtube', id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}` });
  });

  it('keeps a YouTube start time', () => {
    expect(videoSource('https://youtu.be/dQw4w9WgXcQ?t=1m30s')).toMatchObject({ embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90' });
  });

  it.each(['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871', 'https://vimeo.com/channels/staffpicks/76979871'])('embeds the Vimeo link %s with do-not-track', (url) => {
    expect(videoSource(url)).toEqual({ kind: 'vimeo', id: '76979871', embedUrl: 'https://player.vimeo.com/video/76979871?dnt=1' });
  });

  it('plays files and anything unrecognised with <video>', () => {
    expect(videoSource('/api/storage/proxy?bucket=media&path=clip.mp4')).toEqual({ kind: 'file', url: '/api/storage/proxy?bucket=media&path=clip.mp4' });
    expect(videoSource('https://cdn.example.com/clip.webm')).toEqual({ kind: 'file', url: 'https://cdn.example.com/clip.webm' });
    expect(videoSource('https://media.s3.eu-west-1.amazonaws.com/clip.mp4')).toEqual({ kind: 'file', url: '/api/storage/proxy?bucket=media&path=clip.mp4' });
    expect(videoSource('https://www.youtube.com/watch?v=short')).toEqual({ kind: 'file', url: 'https://www.youtube.com/watch?v=short' });
  });

  it('has nothing to play for a blank link', () => {
    expect(videoSource('  ')).toBeNull();
  });
});
