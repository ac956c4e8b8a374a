/** A realistic but large settings record: long texts, a big team, media library and merch. */
export function largeRecord(): Record<string, unknown> {
  const para = (n: number) => 'Sketch, stand-up and improv from the collective, every week. '.repeat(n).trim();
  return {
    site_title: 'Punchline',
    about_body: para(300).slice(0, 19_000),
    about_mission_body: para(150).slice(0, 9_000),
    who_body: para(80),
    about_team: Array.from({ length: 60 }, (_, i) => ({
      name: `Performer ${i}`,
      title: 'Writer / performer',
      bio: para(12).slice(0, 480),
      photo_url: `/api/storage/proxy?bucket=media&path=team/performer-${i}.jpg`,
      socials: [
        { label: 'Instagram', url: `https://instagram.com/performer${i}` },
        { label: 'TikTok', url: `https://tiktok.com/@performer${i}` },
      ],
    })),
    media_sections: Array.from({ length: 8 }, (_, s) => ({
      title: `Season ${s + 1}`,
      items: Array.from({ length: 25 }, (_, i) => ({ type: i % 3 === 0 ? 'video' : 'image', title: `Clip ${s}-${i}`, url: `https://www.youtube.com/watch?v=clip${s}x${i}` })),
    })),
    merch_items: Array.from({ length: 40 }, (_, i) => ({
      title: `Tour shirt ${i}`,
      price: '25',
      description: para(3),
      image_url: `/api/storage/proxy?bucket=media&path=merch/shirt-${i}.png`,
      buy_url: `https://shop.example.com/shirt-${i}`,
    })),
    events_upcoming: Array.from({ length: 50 }, (_, i) => ({ title: `Late show ${i}`, date: 'April 1, 2027', venue: 'The Basement', link: `https://tickets.example.com/${i}` })),
  };
}

